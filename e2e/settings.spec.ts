import type { Page } from "@playwright/test";
import { initialFormState } from "../lib/actions/form-state";
import { expect, test } from "./fixtures";
import { expectToastsAccessible } from "./helpers/axe";
import { callAction, formOf } from "./helpers/actions";
import { createPeople, createStudent, deleteUser, findUserId, latestMail, service, unique, type Mail, type TestUser } from "./helpers/backend";
import { builtActions } from "./helpers/hostile";
import { E2E_BACKEND_URL, E2E_CONTROL_URL } from "./helpers/ports";
import { expectNotHydrated, holdScripts } from "./helpers/scripts";
import { signIn, signInByAction, signUp, submitSignIn, toast } from "./helpers/session";

/**
 * «Настройки» (/settings), for every signed-in user: the name, a notification switch that saves at
 * once, a new password that the next sign-in takes, Telegram linked and unlinked through the local
 * Bot API, and an account deleted only after its own e-mail is typed.
 */

/** «Удалить аккаунт»: a disclosure whose form asks for the account's e-mail. */
const deleteDisclosure = (page: Page) => page.locator("summary").filter({ hasText: "Удалить аккаунт" });

async function openSettings(page: Page, person: TestUser) {
  await signInByAction(page, person.email, person.password);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Настройки", level: 1 })).toBeVisible();
}

/** The app's own letters to the recipient (the SMTP catcher's rows), newest first, waiting for one that matches. */
async function appMail(recipient: string, matches: (mail: Mail & { subject: string }) => boolean) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const mails = (await (await fetch(`${E2E_BACKEND_URL}/mailbox?format=json`)).json()) as (Mail & { subject: string })[];
    const mail = mails.find((item) => item.recipient === recipient && item.source === "smtp" && matches(item));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no app mail for ${recipient}`);
}

test.describe("a new sign-up's address", () => {
  test("is proven by the letter's link; until then «Настройки» says what waits, and the welcome e-mail leaves after", async ({ page }) => {
    const email = `${unique("proof")}@example.com`;
    await signUp(page, "Ирина Новикова", email);
    await expect(page).toHaveURL(/\/dashboard$/);
    try {
      await page.goto("/settings");
      await expect(page.getByText(/Подтвердите адрес\./)).toBeVisible();
      await expect(page.getByText(/приветственное письмо ждёт/)).toBeVisible();
      await expect(page.getByRole("button", { name: "Подключить Telegram" })).toHaveCount(0);

      const letter = await appMail(email, (mail) => mail.subject.startsWith("Подтвердите адрес e-mail"));
      expect(letter.link).toMatch(/\/auth\/verify-email\?token=[0-9a-f]{64}$/);
      await page.goto(letter.link);
      await page.getByRole("button", { name: "Подтвердить адрес" }).click();
      await expect(page.getByRole("heading", { name: "Адрес подтверждён", level: 1 })).toBeVisible();

      await page.goto("/settings");
      await expect(page.getByRole("heading", { name: "Настройки", level: 1 })).toBeVisible();
      await expect(page.getByText(/Подтвердите адрес\./)).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Подключить Telegram" })).toBeVisible();
      await appMail(email, (mail) => !mail.subject.startsWith("Подтвердите адрес e-mail"));
    } finally {
      const userId = await findUserId(email);
      if (userId) await deleteUser(userId);
    }
  });
});

test.describe("a change of address", () => {
  test("waits for the links of both letters, says which came, and completes on the second", async ({ page, browser }) => {
    const student = await createStudent("Анна Переездова");
    const wanted = `${unique("moved")}@example.com`;
    try {
      await openSettings(page, student);
      await page.getByLabel("Новый e-mail").fill(wanted);
      await page.getByRole("button", { name: "Сменить e-mail" }).click();
      await expect(toast(page, "Мы отправили письма на старый и новый адрес")).toBeVisible();
      const [toOld, toNew] = [await latestMail(student.email), await latestMail(wanted)];

      // The old address's letter, opened on another device: the change waits for the new one.
      const phone = await browser.newContext();
      const phonePage = await phone.newPage();
      await phonePage.goto(toOld.link);
      await phonePage.getByRole("button", { name: "Подтвердить смену e-mail" }).click();
      await phone.close();
      await page.goto("/settings");
      await expect(page.getByText(`Ждёт подтверждения: ${wanted}`)).toBeVisible();
      await expect(page.getByText(/Нынешний адрес: подтверждён\. Новый адрес: ждёт ссылки из письма\./)).toBeVisible();
      await expect(page.getByText(`Сейчас: ${student.email}`)).toBeVisible();

      await page.goto(toNew.link);
      await page.getByRole("button", { name: "Подтвердить смену e-mail" }).click();
      await expect(page).toHaveURL(/\/settings\?email=changed$/);
      await expect(page.getByText("Адрес e-mail изменён.")).toBeVisible();
      await expect(page.getByText(`Сейчас: ${wanted}`)).toBeVisible();
    } finally {
      await deleteUser(student.id);
    }
  });
});

test.describe("settings", () => {
  test("a student renames themselves, and the new name stays", async ({ page }) => {
    const student = await createStudent("Анна Прежняя");
    try {
      await openSettings(page, student);
      const name = page.getByLabel("Имя", { exact: true });
      await expect(name).toHaveValue("Анна Прежняя");
      await name.fill("Анна-Мария Новая");
      await page.getByRole("button", { name: "Сохранить имя" }).click();
      await expect(toast(page, "Имя сохранено")).toBeVisible();
      await expectToastsAccessible(page, "a success toast");
      await page.reload();
      await expect(page.getByLabel("Имя", { exact: true })).toHaveValue("Анна-Мария Новая");
      expect((await service.from("profiles").select("full_name").eq("id", student.id).single()).data).toEqual({ full_name: "Анна-Мария Новая" });

      await page.getByLabel("Имя", { exact: true }).fill("R2-D2");
      await page.getByRole("button", { name: "Сохранить имя" }).click();
      await expect(toast(page, "Ошибка валидации")).toContainText("Имя может содержать только буквы, пробелы и дефисы");
    } finally {
      await deleteUser(student.id);
    }
  });

  test("an e-mail switch saves at once and stays after a reload; the app's channel is always on", async ({ page }) => {
    const student = await createStudent("Ученица Настроек");
    try {
      await openSettings(page, student);
      const accepted = page.getByRole("switch", { name: "E-mail: Работа принята" });
      await expect(accepted).toHaveAttribute("aria-checked", "true");
      await accepted.click();
      await expect(toast(page, "Настройка сохранена")).toContainText("E-mail: Работа принята — выключено");
      await expect(accepted).toHaveAttribute("aria-checked", "false");
      await page.reload();
      await expect(page.getByRole("switch", { name: "E-mail: Работа принята" })).toHaveAttribute("aria-checked", "false");
      await expect(page.getByRole("switch", { name: "E-mail: Работа вернулась на доработку" })).toHaveAttribute("aria-checked", "true");
      expect((await service.from("notification_preferences").select("kind, channel, enabled").eq("user_id", student.id)).data).toEqual([
        { kind: "homework_accepted", channel: "email", enabled: false },
      ]);

      await expect(page.getByRole("switch", { name: "В приложении: Работа принята — всегда включено" })).toBeDisabled();
      await expect(page.getByRole("switch", { name: "Telegram: Работа принята — сначала подключите Telegram" })).toBeDisabled();
      // The reviewers' digest is not a student's.
      await expect(page.getByRole("switch", { name: /Новые работы на проверку/ })).toHaveCount(0);
    } finally {
      await deleteUser(student.id);
    }
  });

  test("a curator has the same page, with the reviewers' digest", async ({ page }) => {
    const people = await createPeople({ student: "Студент Настроек", curator: "Куратор Настроек", admin: "Админ Настроек" });
    try {
      await openSettings(page, people.curator);
      await expect(page.getByRole("switch", { name: "E-mail: Новые работы на проверку (раз в час)" })).toHaveAttribute("aria-checked", "true");
      await expect(page.getByText("Комментарии, которые вы оставили к работам студентов, останутся")).toBeVisible();
    } finally {
      await people.remove();
    }
  });

  test("a new password: «Пароль изменён», and the next sign-in takes it and not the old one", async ({ page }) => {
    const student = await createStudent("Смена Пароля");
    try {
      await openSettings(page, student);
      await page.getByLabel("Новый пароль").fill("новый-пароль-42");
      await page.getByLabel("Повторите пароль").fill("другой-пароль-42");
      await page.getByRole("button", { name: "Сменить пароль" }).click();
      await expect(toast(page, "Ошибка валидации")).toContainText("Пароли не совпадают");

      await page.getByLabel("Повторите пароль").fill("новый-пароль-42");
      await page.getByRole("button", { name: "Сменить пароль" }).click();
      await expect(toast(page, "Пароль изменён")).toBeVisible();

      await page.context().clearCookies();
      await submitSignIn(page, student.email, student.password);
      await expect(toast(page, "Ошибка")).toContainText("Неверный email или пароль");
      await signIn(page, student.email, "новый-пароль-42");
    } finally {
      await deleteUser(student.id);
    }
  });

  test("Telegram: a one-time link that the bot's /start uses, then «Отключить»", async ({ page }) => {
    const student = await createStudent("Ученица Телеграма");
    const chatId = 710_000_000 + Math.floor(Math.random() * 1_000_000);
    try {
      // The link opens t.me in a new tab: nothing leaves the machine.
      await page.context().route("https://t.me/**", (route) => route.fulfill({ body: "" }));
      await openSettings(page, student);
      const telegram = page.getByRole("region", { name: "Telegram", exact: true });
      await telegram.getByRole("button", { name: "Подключить Telegram" }).click();
      await expect(telegram.getByRole("status")).toContainText("Откройте Telegram и нажмите «Запустить». Ссылка действует 15 минут.");
      const link = await telegram.getByRole("link", { name: "Открыть Telegram" }).getAttribute("href");
      const token = new URL(link!).searchParams.get("start");
      expect(token).toMatch(/^[0-9a-f]{64}$/);

      const update = {
        update_id: Date.now(),
        message: { message_id: 1, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private" }, from: { id: chatId, is_bot: false, first_name: "Ученица", username: "nastroiki" }, text: `/start ${token}` },
      };
      expect((await fetch(`${E2E_CONTROL_URL}/telegram/update`, { method: "POST", body: JSON.stringify(update) })).ok).toBe(true);
      await expect.poll(async () => (await service.from("telegram_links").select("chat_id").eq("user_id", student.id).maybeSingle()).data).toEqual({ chat_id: chatId });

      await telegram.getByRole("button", { name: "Проверить подключение" }).click();
      await expect(telegram.getByText("Подключён: @nastroiki")).toBeVisible();
      await expect(page.getByRole("switch", { name: "Telegram: Работа принята" })).toHaveAttribute("aria-checked", "true");

      await telegram.getByRole("button", { name: "Отключить Telegram" }).click();
      await expect(toast(page, "Telegram отключён")).toBeVisible();
      await expect(telegram.getByRole("button", { name: "Подключить Telegram" })).toBeVisible();
      expect((await service.from("telegram_links").select("chat_id").eq("user_id", student.id)).data).toEqual([]);
    } finally {
      await deleteUser(student.id);
    }
  });

  test("a wrong e-mail in the confirmation deletes nothing, in the form or at the server", async ({ page }) => {
    const student = await createStudent("Осторожная Студентка");
    try {
      await openSettings(page, student);
      await deleteDisclosure(page).click();
      const field = page.getByLabel("E-mail аккаунта");
      await field.fill(`not-${student.email}`);
      await page.getByRole("button", { name: "Удалить навсегда" }).click();
      await expect(field).toHaveAccessibleDescription("E-mail не совпадает с адресом вашего аккаунта");
      await expect(toast(page, "Ошибка валидации")).toContainText("E-mail не совпадает с адресом вашего аккаунта");
      await page.getByRole("button", { name: "Отмена" }).click();
      await expect(field).toBeHidden();

      const answer = await callAction(page.context().request, builtActions().get("deleteAccount")!, [
        initialFormState(),
        formOf({ email: `not-${student.email}` }),
      ]);
      expect(answer.value).toEqual({
        result: { ok: false, error: "E-mail не совпадает с адресом вашего аккаунта", fieldErrors: { email: "E-mail не совпадает с адресом вашего аккаунта" } },
        fields: { email: `not-${student.email}` },
        answered: 1,
      });

      await page.reload();
      await expect(page.getByRole("heading", { name: "Настройки", level: 1 })).toBeVisible();
      expect(await findUserId(student.email)).toBe(student.id);
      expect((await service.auth.admin.getUserById(student.id)).data.user?.id).toBe(student.id);
    } finally {
      await deleteUser(student.id);
    }
  });

  test("deleting the account after typing its e-mail: signed out on the landing page, nothing of it left", async ({ page }) => {
    const people = await createPeople({ student: "Уходящая Студентка", curator: "Куратор Остаётся", admin: "Админ Остаётся" });
    const { student } = people;
    try {
      await service.from("notification_preferences").insert({ user_id: student.id, kind: "homework_returned", channel: "email", enabled: false });
      await openSettings(page, student);
      await deleteDisclosure(page).click();
      await page.getByLabel("E-mail аккаунта").fill(student.email.toUpperCase());
      await page.getByRole("button", { name: "Удалить навсегда" }).click();

      await page.waitForURL((url) => url.pathname === "/");
      await expect(toast(page, "Аккаунт удалён")).toBeVisible();
      expect(await findUserId(student.email)).toBeNull();
      expect((await service.auth.admin.getUserById(student.id)).data.user).toBeNull();
      expect((await service.from("notification_preferences").select("kind").eq("user_id", student.id)).data).toEqual([]);
      expect((await service.from("user_roles").select("role").eq("user_id", student.id)).data).toEqual([]);

      // Signed out: the dashboard sends the visitor back, and the old password opens nothing.
      await page.goto("/dashboard");
      await page.waitForURL((url) => url.pathname === "/");
      await submitSignIn(page, student.email, student.password);
      await expect(toast(page, "Ошибка")).toContainText("Неверный email или пароль");
      // The others are untouched.
      expect(await findUserId(people.curator.email)).toBe(people.curator.id);
    } finally {
      await people.remove();
    }
  });

  test("deleting the account before the page's script: the browser posts the form, the account is gone and the visitor lands signed out on the landing page", async ({ page }) => {
    const student = await createStudent("Торопливая Студентка");
    try {
      await signInByAction(page, student.email, student.password);
      const scripts = await holdScripts(page);
      await page.goto("/settings", { waitUntil: "commit" });
      await expectNotHydrated(scripts, deleteDisclosure(page));

      await deleteDisclosure(page).click();
      await page.getByLabel("E-mail аккаунта").pressSequentially(student.email);
      await page.getByRole("button", { name: "Удалить навсегда" }).click();
      await page.waitForURL((url) => url.pathname === "/", { waitUntil: "commit" });
      expect(await findUserId(student.email)).toBeNull();
      expect((await service.auth.admin.getUserById(student.id)).data.user).toBeNull();

      // The home page says so once its script is here; signed out, the dashboard sends the visitor back.
      scripts.release();
      await expect(toast(page, "Аккаунт удалён")).toContainText("Ваши данные удалены из школы");
      await page.goto("/dashboard");
      await page.waitForURL((url) => url.pathname === "/");
    } finally {
      await deleteUser(student.id);
    }
  });
});
