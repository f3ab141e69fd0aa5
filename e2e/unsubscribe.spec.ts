import { expect, test } from "./fixtures";
import { createStudent, deleteUser, service, type TestUser } from "./helpers/backend";
import { useSession } from "./helpers/session";

/**
 * Unsubscribing from a notification e-mail without signing in: the link's page asks first (a mail
 * scanner's GET changes nothing), its button turns the kind off; the List-Unsubscribe address takes
 * a one-click POST (RFC 8058); a token nobody has is refused in Russian and changes nothing.
 */

const ONE_CLICK = { "List-Unsubscribe": "One-Click" };
const NOBODY = "0123456789abcdef".repeat(4);

/** The account's own unsubscribe token, as the worker puts it in every e-mail (the service role's function). */
async function tokenOf(user: TestUser): Promise<string> {
  const { data, error } = await service.rpc("email_unsubscribe_token", { _user_id: user.id });
  if (error || !data) throw new Error(`email_unsubscribe_token: ${error?.message}`);
  return data;
}

async function emailPreferences(user: TestUser) {
  const { data, error } = await service.from("notification_preferences").select("kind, channel, enabled").eq("user_id", user.id).order("kind");
  if (error) throw new Error(error.message);
  return data;
}

test.describe("unsubscribe", () => {
  // A student of its own: turning the seeded student's e-mails off would reach other tests.
  let student: TestUser;
  test.beforeEach(async () => {
    student = await createStudent("Анна Отпискина");
  });
  test.afterEach(async () => {
    await deleteUser(student.id);
  });

  test("the link asks first, and the button turns that kind of e-mail off", async ({ page }) => {
    const token = await tokenOf(student);
    await page.goto(`/unsubscribe?token=${token}&kind=homework_returned`);
    await expect(page.getByRole("heading", { name: "Отписка от писем" })).toBeVisible();
    await expect(page.getByText(`Отписаться от писем «Работа вернулась на доработку» для ${student.email}?`)).toBeVisible();
    expect(await emailPreferences(student), "opening the link changes nothing").toEqual([]);

    await page.getByRole("button", { name: "Отписаться" }).click();
    await expect(page.getByRole("status")).toHaveText("Готово: такие письма больше не придут. Включить снова можно в настройках.");
    await expect(page.getByRole("link", { name: "настройках" })).toHaveAttribute("href", "/settings");
    expect(await emailPreferences(student)).toEqual([{ kind: "homework_returned", channel: "email", enabled: false }]);
  });

  test("a link without a kind offers every e-mail, whoever is signed in in the browser", async ({ page }) => {
    const token = await tokenOf(student);
    // Someone else's session: the token alone decides whose e-mails these are.
    await useSession(page, "admin");
    await page.goto(`/unsubscribe?token=${token}`);
    await expect(page.getByText(`Отписаться от всех писем школы для ${student.email}?`)).toBeVisible();
    await page.getByRole("button", { name: "Отписаться" }).click();
    await expect(page.getByRole("status")).toContainText("Готово: такие письма больше не придут.");
    const preferences = await emailPreferences(student);
    expect(preferences.length).toBeGreaterThanOrEqual(6);
    expect(preferences.every((row) => row.channel === "email" && !row.enabled)).toBe(true);
  });

  test("one-click: a POST to the List-Unsubscribe address turns the kind off; a GET changes nothing", async ({ request }) => {
    const token = await tokenOf(student);
    const address = `/api/unsubscribe?token=${token}&kind=access_opened`;

    const get = await request.get(address);
    expect(get.status()).toBe(405);
    expect(await get.text()).toMatch(/\p{Script=Cyrillic}/u);
    expect(await emailPreferences(student)).toEqual([]);

    // Form-encoded and multipart (RFC 8058 allows both), with no cookies, as a mail provider sends it.
    const posted = await request.post(address, { form: ONE_CLICK });
    expect(posted.status()).toBe(200);
    expect(await posted.text()).toBe("Готово: такие письма больше не придут.");
    const again = await request.post(`/api/unsubscribe?token=${token}&kind=item_unlocked`, { multipart: ONE_CLICK });
    expect(again.status()).toBe(200);
    expect(await emailPreferences(student)).toEqual([
      { kind: "access_opened", channel: "email", enabled: false },
      { kind: "item_unlocked", channel: "email", enabled: false },
    ]);

    const malformed = await request.post(address, { form: { "List-Unsubscribe": "Yes" } });
    expect(malformed.status()).toBe(400);
    expect(await malformed.text()).toBe("Некорректный запрос отписки");
  });

  test("a token nobody has: the page and the endpoint say so in Russian, and nothing changes", async ({ page, request }) => {
    await page.goto(`/unsubscribe?token=${NOBODY}&kind=homework_accepted`);
    await expect(page.getByRole("heading", { name: "Ссылка недействительна" })).toBeVisible();
    await expect(page.getByText(/Ссылка для отписки недействительна/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Отписаться" })).toHaveCount(0);

    await page.goto(`/unsubscribe?token=${encodeURIComponent("<script>")}&kind=nonsense`);
    await expect(page.getByRole("heading", { name: "Ссылка повреждена" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Отписаться" })).toHaveCount(0);

    const unknown = await request.post(`/api/unsubscribe?token=${NOBODY}`, { form: ONE_CLICK });
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toBe("Ссылка для отписки недействительна");
    const damaged = await request.post("/api/unsubscribe?token=x", { form: ONE_CLICK });
    expect(damaged.status()).toBe(400);
    expect(await damaged.text()).toBe("Ссылка для отписки повреждена");
    expect(await emailPreferences(student)).toEqual([]);
  });
});
