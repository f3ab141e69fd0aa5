import type { Browser, Page } from "@playwright/test";
import { expect, test, visitorAddress } from "./fixtures";
import { E2E_APP_URL, E2E_BACKEND_URL } from "./helpers/ports";
import { createStudent, deleteUser, findUserId, latestMail, SEEDED, service, unique, type TestUser } from "./helpers/backend";
import { signIn, signUp, toast, useSession } from "./helpers/session";
import { PUBLISHABLE_KEY } from "../local-backend/keys";

/** A fresh browser of a different person: own cookies, own address. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
  return { context, page: await context.newPage() };
}

async function requestRecovery(page: Page, email: string) {
  await page.goto("/");
  await page.getByRole("button", { name: "Забыли пароль?" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Отправить ссылку" }).click();
}

async function setNewPassword(page: Page, password: string) {
  await expect(page).toHaveURL(/\/auth\/reset-password$/);
  await page.getByLabel("Новый пароль").fill(password);
  await page.getByLabel("Повторите пароль").fill(password);
  await page.getByRole("button", { name: "Сохранить пароль" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe("the cohort's first day", () => {
  test.describe.configure({ timeout: 180_000 });

  test("40 different students sign in within two minutes and all reach /dashboard", async ({ browser, playwright }) => {
    const students: TestUser[] = await Promise.all(Array.from({ length: 40 }, () => createStudent()));
    // The first signs in through the form in Chromium; the other 39 send the same server action
    // from their own address and cookie jar (no page rendering), then open their dashboard.
    const first = await visitor(browser);
    const captured = first.page.waitForRequest((request) => Boolean(request.headers()["next-action"]));
    await signIn(first.page, students[0].email, students[0].password);
    const action = await captured;
    await first.context.close();
    const reached = [students[0].email];
    await Promise.all(
      students.slice(1).map(async (student) => {
        const person = await playwright.request.newContext({ baseURL: E2E_APP_URL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
        const answer = await person.post("/", {
          headers: { "next-action": action.headers()["next-action"], "content-type": action.headers()["content-type"] },
          data: action.postData()!.replace(students[0].email, student.email),
        });
        expect(await answer.text()).not.toContain("Слишком много попыток");
        const dashboard = await person.get("/dashboard");
        if (dashboard.url().endsWith("/dashboard") && (await dashboard.text()).includes("Выйти")) reached.push(student.email);
        await person.dispose();
      }),
    );
    // All within one refill window of the limiter: one shared bucket would have refused some.
    expect(reached).toHaveLength(40);
    await Promise.all(students.map((student) => deleteUser(student.id)));
  });

  test("60 wrong attempts from one visitor, then the admin signs in at once", async ({ browser }) => {
    // One attacker (one address): a guess through the form, then a script replaying it with other
    // emails, ten at a time, faster than the bucket (burst 30, then 0.5 a second) refills.
    const attacker = await visitor(browser);
    await attacker.page.goto("/");
    await attacker.page.getByLabel("E-mail").fill("guess@example.com");
    await attacker.page.getByLabel("Пароль").fill("wrong-password");
    const captured = attacker.page.waitForRequest((request) => Boolean(request.headers()["next-action"]));
    await attacker.page.getByRole("button", { name: "Войти", exact: true }).click();
    const action = await captured;
    await expect(toast(attacker.page, "Ошибка")).toContainText("Неверный email или пароль");
    const answers: string[] = [];
    for (let batch = 0; batch < 59; batch += 10) {
      const guesses = Array.from({ length: Math.min(10, 59 - batch) }, async () => {
        const response = await attacker.context.request.post("/", {
          headers: { "next-action": action.headers()["next-action"], "content-type": action.headers()["content-type"] },
          data: action.postData()!.replace("guess@example.com", `${unique("guess")}@example.com`),
        });
        answers.push(await response.text());
      });
      await Promise.all(guesses);
    }
    expect(answers.filter((answer) => answer.includes("Неверный email или пароль")).length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.includes("Слишком много попыток")).length).toBeGreaterThanOrEqual(10);
    await attacker.context.close();
    const admin = await visitor(browser);
    await signIn(admin.page, SEEDED.admin.email, SEEDED.admin.password);
    await admin.context.close();
  });
});

/** Someone else signed in to the account (with the old password) who linked their own Telegram chat. */
async function intruderSession(user: TestUser) {
  const response = await fetch(`${E2E_BACKEND_URL}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: PUBLISHABLE_KEY, "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(response.status).toBe(200);
  await service.from("telegram_links").insert({ user_id: user.id, chat_id: 800_000_000 + Math.floor(Math.random() * 1_000_000), username: "intruder" });
  return (await response.json()) as { access_token: string };
}

const sessionAnswers = async (accessToken: string) =>
  (await fetch(`${E2E_BACKEND_URL}/auth/v1/user`, { headers: { apikey: PUBLISHABLE_KEY, authorization: `Bearer ${accessToken}` } })).status;

test.describe("recovery that survives real email habits", () => {
  test("the link opened in another browser sets the new password, and whoever else was signed in is signed out", async ({ page, browser }) => {
    const user = await createStudent();
    const intruder = await intruderSession(user);
    await requestRecovery(page, user.email);
    await expect(toast(page, "Письмо отправлено")).toBeVisible();
    const phone = await visitor(browser);
    await phone.page.goto((await latestMail(user.email)).link);
    await phone.page.getByRole("button", { name: "Задать новый пароль" }).click();
    await expect(phone.page).toHaveURL(/\/auth\/reset-password$/);
    await expect.poll(() => sessionAnswers(intruder.access_token)).toBe(403);
    await setNewPassword(phone.page, "from-the-phone-123");
    expect((await service.from("telegram_links").select("user_id").eq("user_id", user.id)).data).toEqual([]);
    await phone.context.close();
    await page.context().clearCookies();
    await signIn(page, user.email, "from-the-phone-123");
    await deleteUser(user.id);
  });

  test("a second request is refused with its wait time and the first link still works", async ({ page }) => {
    const user = await createStudent();
    await requestRecovery(page, user.email);
    await expect(toast(page, "Письмо отправлено")).toBeVisible();
    const first = (await latestMail(user.email)).link;
    await requestRecovery(page, user.email);
    await expect(toast(page, "Ошибка")).toContainText(/Письмо уже отправлено\. Повторить можно через \d+ с/);
    await page.goto(first);
    await page.getByRole("button", { name: "Задать новый пароль" }).click();
    await setNewPassword(page, "second-try-works-1");
    await deleteUser(user.id);
  });

  test("the code from the same email (6 to 10 digits, as the project sends), typed on the site", async ({ page }) => {
    const user = await createStudent();
    await requestRecovery(page, user.email);
    await page.getByRole("link", { name: "ввести код" }).click();
    await expect(page.getByLabel("E-mail")).toHaveValue(user.email);
    const field = page.getByLabel("Код из письма");
    await expect(field).toHaveAttribute("inputmode", "numeric");
    await expect(field).toHaveAttribute("autocomplete", "one-time-code");
    await expect(field).toHaveAttribute("maxlength", "10");
    await field.fill("12");
    await page.getByRole("button", { name: "Продолжить" }).click();
    await expect(page.locator("#code-error")).toHaveText("Введите код из письма: от 6 до 10 цифр");
    const code = (await latestMail(user.email)).body.match(/код (\d{6,10})\b/)![1];
    // A code of hosted's usual length reaches Supabase Auth, which alone says it is wrong.
    await field.fill("12345678" === code ? "87654321" : "12345678");
    await page.getByRole("button", { name: "Продолжить" }).click();
    await expect(toast(page, "Ошибка").filter({ hasText: "Код неверный или устарел" })).toBeVisible();
    await expect(page.locator("#code-error")).toHaveCount(0);
    const intruder = await intruderSession(user);
    await page.getByLabel("Код из письма").fill(code);
    await page.getByRole("button", { name: "Продолжить" }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password$/);
    await expect.poll(() => sessionAnswers(intruder.access_token)).toBe(403);
    await setNewPassword(page, "typed-the-code-1");
    expect((await service.from("telegram_links").select("user_id").eq("user_id", user.id)).data).toEqual([]);
    await deleteUser(user.id);
  });

  test("a damaged link explains itself and offers a new email", async ({ page }) => {
    await page.goto("/auth/confirm?token_hash=abc&type=recovery");
    await expect(page.getByRole("heading", { name: "Ссылка повреждена" })).toBeVisible();
    await page.getByLabel("E-mail").fill("nobody@example.com");
    await page.getByRole("button", { name: "Отправить новое письмо" }).click();
    await expect(toast(page, "Письмо отправлено")).toBeVisible();
  });
});

test.describe("no poisoned links", () => {
  for (const next of ["//evil.example/x", "/\\evil.example", "/\t/evil.example", "https://evil.example", "http://127.0.0.1:3100@evil.example"]) {
    test(`a link's next=${JSON.stringify(next)} stays on the site`, async ({ page }) => {
      const user = await createStudent();
      await requestRecovery(page, user.email);
      const link = new URL((await latestMail(user.email)).link);
      link.searchParams.set("next", next);
      await page.goto(link.toString());
      await page.getByRole("button", { name: "Задать новый пароль" }).click();
      await expect(page).toHaveURL(`${E2E_APP_URL}/auth/reset-password`);
      await deleteUser(user.id);
    });
  }

  test("a signed-in redirect never follows a forged X-Forwarded-Host", async ({ page, request }) => {
    await useSession(page, "student");
    const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
    const response = await request.get("/", { headers: { cookie: cookies, "x-forwarded-host": "evil.example" }, maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(response.headers()["location"]).toBe("/dashboard");
  });
});

test.describe("forms people can use", () => {
  test("every SPEC §5 message appears in Russian, inline and in the toast, with no English on screen", async ({ page }) => {
    const english = /Please|fill out|field|match the requested|characters|Invalid/i;
    await page.goto("/");
    await page.getByRole("button", { name: "Войти", exact: true }).click();
    await expect(page.locator("#email-error")).toHaveText("Неверный формат email");
    await expect(page.locator("#password-error")).toHaveText("Введите пароль");
    await expect(toast(page, "Ошибка валидации")).toContainText("Неверный формат email");

    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(page.getByLabel("Имя")).toBeFocused();
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(page.locator("#fullName-error")).toHaveText("Введите имя");
    await expect(page.locator("#privacyConsent-error")).toHaveText("Подтвердите согласие на обработку персональных данных");
    await page.getByLabel("Имя").fill("Иван".repeat(30));
    await page.getByLabel("E-mail").fill(`${"a".repeat(250)}@example.com`);
    await page.getByLabel("Пароль").fill("x".repeat(101));
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(page.locator("#fullName-error")).toHaveText("Имя слишком длинное");
    await expect(page.locator("#email-error")).toHaveText("Email слишком длинный");
    await expect(page.locator("#password-error")).toHaveText("Пароль слишком длинный");
    await page.getByLabel("Имя").fill("R2-D2");
    await page.getByLabel("E-mail").fill("not-an-email");
    await page.getByLabel("Пароль").fill("short");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(page.locator("#fullName-error")).toHaveText("Имя может содержать только буквы, пробелы и дефисы");
    await expect(page.locator("#email-error")).toHaveText("Неверный формат email");
    await expect(page.locator("#password-error")).toHaveText("Пароль должен быть не менее 8 символов");
    await expect(page.getByLabel("Имя")).toHaveAttribute("aria-invalid", "true");
    expect(await page.locator("body").innerText()).not.toMatch(english);
    expect(await page.getByLabel("E-mail").evaluate((input: HTMLInputElement) => input.validationMessage)).not.toBe("");
    await expect(page.getByRole("region", { name: /Уведомления/ })).toBeAttached();
  });

  test("a Ukrainian name registers, with the consent stored with its time and policy version", async ({ page }) => {
    const email = `${unique("olesya")}@example.com`;
    await signUp(page, "Олеся Ґонта-Їжакевич", email);
    await expect(page).toHaveURL(/\/dashboard$/);
    const userId = (await findUserId(email))!;
    const { data } = await service.from("privacy_consents").select("policy_version, accepted_at").eq("user_id", userId).single();
    expect(data?.policy_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Date.now() - new Date(data!.accepted_at).getTime()).toBeLessThan(60_000);
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Политика обработки персональных данных");
    await expect(page.getByText(`Редакция от ${data!.policy_version}`)).toBeVisible();
    await deleteUser(userId);
  });
});

test.describe("security headers", () => {
  const expectHeaders = (headers: Record<string, string>) => {
    const csp = headers["content-security-policy"];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.youtube\.com/);
    expect(csp).toContain(`connect-src 'self' ${E2E_BACKEND_URL}`);
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
  };

  test("on /, /dashboard, /admin, a 404 and a redirect", async ({ page, request }) => {
    expectHeaders((await request.get("/")).headers());
    expectHeaders((await request.get("/no/such/page")).headers());
    const redirect = await request.get("/dashboard", { maxRedirects: 0 });
    expect(redirect.status()).toBe(307);
    expectHeaders(redirect.headers());
    await useSession(page, "admin");
    for (const path of ["/dashboard", "/admin"]) {
      const response = await page.goto(path);
      expectHeaders(response!.headers());
    }
    const cookie = (await page.context().cookies()).find((item) => item.name.includes("auth-token"));
    expect(cookie?.sameSite).toBe("Lax");
  });

  test("a page of another site cannot frame the admin panel", async ({ page }) => {
    await useSession(page, "admin");
    await page.setContent(`<iframe id="frame" src="http://127.0.0.1:3100/admin"></iframe>`);
    const frame = page.frame({ url: /\/admin/ });
    await page.waitForTimeout(1000);
    const framed = frame ? await frame.locator("text=Панель администратора").count().catch(() => 0) : 0;
    expect(framed).toBe(0);
  });
});
