import { expect, test } from "./fixtures";
import { createStudent, createTool, deleteUser, service, unique } from "./helpers/backend";
import { expectNotHydrated, holdScripts, hydrated } from "./helpers/scripts";
import { useSession } from "./helpers/session";

/**
 * The review page's J key needs the page's script: until it is here, «Следующая работа» (a link that
 * works without it) does not offer the key and the hint says it is coming; then J opens the next work.
 */
test("J before the review page's script is not offered; once hydrated, J opens the next work", async ({ page }) => {
  const tool = await createTool({ lessons: [{ title: "Урок с заданием", order_index: 1 }] });
  const students = await Promise.all([createStudent(unique("Первая Очередь")), createStudent(unique("Вторая Очередь"))]);
  try {
    const { data: assignment } = await service.from("assignments").insert({ lesson_id: tool.lessonId("Урок с заданием"), accepts_text: true }).select("id").single();
    const { data: works } = await service
      .from("submissions")
      .insert(students.map((student) => ({ assignment_id: assignment!.id, user_id: student.id, attempt: 1, answer_md: "Гипотеза проверена" })))
      .select("id");
    await useSession(page, "admin");
    const scripts = await holdScripts(page);
    const here = `/admin/reviews/${works![0].id}`;
    await page.goto(here, { waitUntil: "commit" });
    const next = page.getByRole("link", { name: "Следующая работа" });
    const hint = page.getByText(/^Клавиша J/);
    await expectNotHydrated(scripts, next);
    await expect(next).not.toHaveAttribute("aria-keyshortcuts");
    await expect(hint).toHaveText("Клавиша J (в русской раскладке — О) — когда страница загрузится");

    scripts.release();
    await expect.poll(() => hydrated(next)).toBe(true);
    await expect(next).toHaveAttribute("aria-keyshortcuts", "J");
    await expect(hint).toHaveText("Клавиша J (в русской раскладке — О)");
    const nextHref = await next.getAttribute("href");
    await page.keyboard.press("j");
    await expect(page).toHaveURL(new RegExp(`${nextHref}$`));
    expect(nextHref).not.toBe(here);
  } finally {
    await Promise.all([...students.map((student) => deleteUser(student.id)), tool.remove()]);
  }
});
