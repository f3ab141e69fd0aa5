import { expect, test } from "./fixtures";
import { createStudent, createTool, deleteUser, service, unique, uniqueName } from "./helpers/backend";
import { toast, useSession } from "./helpers/session";

/** Issue 32, items 2 and 4: one honest save model, and the keyboard's focus kept through every change. */

const unlockedModules = async (studentId: string) =>
  (await service.from("module_access").select("module_id").eq("user_id", studentId).eq("is_unlocked", true)).data!.length;

test("keyboard only: «Открыть всё» asks, keeps the focus on its button, and Ctrl+Z undoes it while the toast lives", async ({ page }) => {
  const student = await createStudent(uniqueName("Клавиатурный"));
  try {
    await useSession(page, "admin");
    await page.goto(`/admin?student=${student.id}`);
    const openAll = page.getByRole("tabpanel").getByRole("button", { name: "Открыть всё" });
    await openAll.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`для ${student.fullName}`);
    const confirm = dialog.getByRole("button", { name: /^Открыть \(\d+\)$/ });
    while (!(await confirm.evaluate((element) => element === document.activeElement))) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);

    const done = toast(page, "Успешно").filter({ hasText: `Доступ открыт — ${student.fullName}` });
    await expect(done).toContainText("Отменить: Ctrl+Z");
    await expect.poll(() => unlockedModules(student.id)).toBeGreaterThan(0);
    // The focus came back to the button that started it, not to the page's body.
    await expect(openAll).toBeFocused();
    const firstSwitch = page.getByTestId("access-row").first().getByRole("switch", { name: /^Доступ/ });
    await expect(firstSwitch).toHaveAccessibleName(/^Доступ открыт — /);

    // One press undoes it.
    await page.keyboard.press("Control+z");
    await expect(toast(page, "Успешно").filter({ hasText: `Доступ закрыт — ${student.fullName}` })).toBeVisible();
    await expect(done).toHaveCount(0);
    await expect.poll(() => unlockedModules(student.id)).toBe(0);
    await expect(firstSwitch).toHaveAccessibleName(/^Доступ закрыт — /);
    await expect(firstSwitch).not.toBeChecked();
    await expect(openAll).toBeFocused();
  } finally {
    await deleteUser(student.id);
  }
});

test("keyboard only: a group's grant saves as it changes, like /admin, undoes with Ctrl+Z, and a refused date guards leaving", async ({ page }) => {
  const tool = await createTool({ lessons: [{ title: "Урок группы", order_index: 1 }] });
  const { data: group } = await service.from("groups").insert({ name: unique("Клавиатурный поток") }).select("id, name").single();
  const grantOf = async () => (await service.from("group_tool_access").select("is_unlocked, unlock_at, expires_at").eq("group_id", group!.id).eq("tool_id", tool.id).maybeSingle()).data;
  try {
    await useSession(page, "admin");
    await page.goto(`/admin/groups/${group!.id}`);
    await page.getByRole("tab", { name: "Модули" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Инструменты" })).toHaveAttribute("aria-selected", "true");

    const row = page.getByTestId("grant-row").filter({ hasText: tool.name });
    const unlock = row.getByRole("switch", { name: `Доступ закрыт — ${tool.name}` });
    await unlock.focus();
    await page.keyboard.press("Space");
    await expect(toast(page, `Сохранено — ${tool.name}`)).toContainText("Отменить: Ctrl+Z");
    await expect.poll(async () => (await grantOf())?.is_unlocked).toBe(true);
    const opened = row.getByRole("switch", { name: `Доступ открыт — ${tool.name}` });
    await expect(opened).toBeFocused();
    await expect(row).toContainText("открыт");

    await page.keyboard.press("Control+z");
    await expect(toast(page, `Отменено — ${tool.name}`)).toBeVisible();
    await expect.poll(grantOf).toBeNull();
    await expect(row.getByRole("switch", { name: `Доступ закрыт — ${tool.name}` })).toBeFocused();

    // A close before the open is refused on its field, and leaving the page then asks first.
    const opens = row.getByLabel(`Откроется (МСК): ${tool.name}`);
    // The date's parts follow the browser's locale: the value is filled in, the rest is keys.
    await opens.fill("2030-03-10T10:00");
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await grantOf())?.unlock_at).toBeTruthy();
    const closes = row.getByLabel(`Закроется (МСК): ${tool.name}`);
    await closes.fill("2030-03-01T10:00");
    await page.keyboard.press("Enter");
    await expect(closes).toHaveAccessibleDescription(/Доступ должен закрываться позже, чем открывается. Не сохранено/);
    expect((await grantOf())?.expires_at).toBeNull();
    const asked = page.waitForEvent("dialog");
    void page.reload().catch(() => {});
    const dialog = await asked;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
  } finally {
    await service.from("groups").delete().eq("id", group!.id);
    await tool.remove();
  }
});

test("registration marks its invalid fields and leaves the focus where the person left it; a success replaces the error it resolves; on a phone no toast covers the heading", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  // The press may come before the form's script and be made again once it can act: wait for the new mode.
  await expect(page.getByRole("heading", { name: "Регистрация" })).toBeVisible();
  await page.getByLabel("E-mail").fill("not-an-email");
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();
  await expect(toast(page, "Ошибка валидации")).toContainText("Введите имя");
  // The server's answer comes a round trip later, when the person may be typing elsewhere: it moves
  // no focus, and each field says what is wrong with it, to the eye and to a screen reader.
  await expect(page.getByLabel("Имя")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Имя")).toHaveAccessibleDescription("Введите имя");
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("button", { name: "Зарегистрироваться" })).toBeFocused();

  // The toast sits clear of the page's heading.
  await page.evaluate(() => window.scrollTo(0, 0));
  const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
  const shown = await toast(page, "Ошибка валидации").boundingBox();
  expect(heading && shown).toBeTruthy();
  expect(shown!.y >= heading!.y + heading!.height || shown!.y + shown!.height <= heading!.y).toBe(true);

  // Recovery: the error, then the success that resolves it, in its place.
  await page.getByRole("button", { name: "Войти" }).last().click();
  await page.getByRole("button", { name: "Забыли пароль?" }).click();
  await page.getByLabel("E-mail").fill("плохой");
  await page.getByRole("button", { name: "Отправить ссылку" }).click();
  await expect(toast(page, "Ошибка валидации")).toBeVisible();
  await page.getByLabel("E-mail").fill(`${unique("recover")}@example.com`);
  await page.getByRole("button", { name: "Отправить ссылку" }).click();
  await expect(toast(page, "Письмо отправлено")).toBeVisible();
  await expect(page.locator("[data-sonner-toast][data-type=error]")).toHaveCount(0);
});
