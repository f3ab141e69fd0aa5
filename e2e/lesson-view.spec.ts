import { expect, test } from "./fixtures";
import { createStudent, createTool, deleteUser, service, setAccess } from "./helpers/backend";
import { E2E_CONTROL_URL } from "./helpers/ports";
import { signInByAction, toast } from "./helpers/session";

/**
 * Opening a lesson records the view without a round trip to Supabase Auth (issue 44, item 6): the
 * record trusts the session verified once for the request, the database checks whose it is. A
 * write still asks Auth whether the session is live, once. The e2e stack counts the app's
 * GET /auth/v1/user calls per user (scripts/e2e-server.ts), so other tests running beside this one
 * do not disturb the count.
 */

const authChecks = async (userId: string) => ((await (await fetch(`${E2E_CONTROL_URL}/auth-checks/${userId}`)).json()) as { count: number }).count;

async function lastOpened(userId: string, lessonId: string): Promise<string | null> {
  const { data } = await service.from("lesson_progress").select("last_opened_at").eq("user_id", userId).eq("lesson_id", lessonId).maybeSingle();
  return data?.last_opened_at ?? null;
}

test("a lesson view is recorded without asking Supabase Auth; marking the lesson asks once", async ({ page }) => {
  const student = await createStudent("Просмотр Урока");
  const tool = await createTool({ lessons: [{ title: "Урок без лишних вопросов", order_index: 1 }] });
  const lessonId = tool.lessonId("Урок без лишних вопросов");
  try {
    await setAccess("tool", student.id, tool.id, { is_unlocked: true });
    await signInByAction(page, student.email, student.password);
    const before = await authChecks(student.id);

    await page.goto(`/tech-founder/${tool.name.toLowerCase()}/${lessonId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Урок без лишних вопросов" })).toBeVisible();
    await expect.poll(() => lastOpened(student.id, lessonId)).not.toBeNull();
    expect(await authChecks(student.id), "Auth calls during the lesson view").toBe(before);

    // The count sees a write's check: «Отметить пройденным» asks Auth, once.
    await page.getByRole("button", { name: "Отметить пройденным" }).click();
    await expect(toast(page, "Урок отмечен пройденным")).toBeVisible();
    await expect.poll(() => authChecks(student.id), { message: "Auth calls for the mark" }).toBe(before + 1);
  } finally {
    await Promise.all([tool.remove(), deleteUser(student.id)]);
  }
});
