import { expect, test } from "./fixtures";
import { createStudent, deleteUser, findUserId, latestMailLink, SEEDED, unique } from "./helpers/backend";
import { expectToastsAccessible } from "./helpers/axe";
import { signIn, signInByAction, signUp, submitSignIn, toast, useSession } from "./helpers/session";

test.describe("landing page", () => {
  test("shows the hero, the sign-in form and search metadata", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("фаундером IT-продукта");
    await expect(page.getByRole("heading", { name: "Вход" })).toBeVisible();
    await expect(page).toHaveTitle(/запустите IT-продукт без программирования/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /без программирования/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /opengraph-image/);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd["@type"]).toBe("Course");
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    expect(await (await request.get("/robots.txt")).text()).toContain("Sitemap:");
    expect(await (await request.get("/sitemap.xml")).text()).toContain("<urlset");
  });

  test("switches between the three modes with the spec's links", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Забыли пароль?" })).toBeVisible();
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(page.getByRole("heading", { name: "Регистрация" })).toBeVisible();
    await expect(page.getByLabel("Имя")).toBeVisible();
    await expect(page.getByRole("button", { name: "Забыли пароль?" })).toHaveCount(0);
    await page.getByRole("button", { name: "Войти" }).click();
    await expect(page.getByRole("heading", { name: "Вход" })).toBeVisible();

    await page.getByLabel("E-mail").fill("someone@example.com");
    await page.getByRole("button", { name: "Забыли пароль?" }).click();
    await expect(page.getByRole("heading", { name: "Восстановление пароля" })).toBeVisible();
    await expect(page.getByLabel("Пароль")).toHaveCount(0);
    await expect(page.getByLabel("E-mail")).toHaveValue("someone@example.com");
    await page.getByRole("button", { name: "Назад ко входу" }).click();
    await expect(page.getByRole("heading", { name: "Вход" })).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue("");
  });

  test("the toast region arrives with the first interaction, before the first toast", async ({ page }) => {
    await page.goto("/", { waitUntil: "networkidle" });
    const region = page.locator('section[aria-live][aria-label^="Уведомления"]');
    await expect(region).toHaveCount(0);
    await page.getByLabel("E-mail").focus();
    await expect(region).toHaveCount(1);
    await expect(region.locator("[data-sonner-toast]")).toHaveCount(0);
    await page.getByRole("button", { name: "Войти", exact: true }).click();
    await expect(region.locator("[data-sonner-toast]").filter({ hasText: "Ошибка валидации" })).toBeVisible();
    await expectToastsAccessible(page, "an error toast");
  });

  test("marks every field required and the password with a native minimum of 6", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    for (const label of ["Имя", "E-mail", "Пароль"]) {
      await expect(page.getByLabel(label)).toHaveAttribute("required", "");
    }
    await expect(page.getByLabel("Пароль")).toHaveAttribute("minlength", "6");
  });
});

test.describe("validation", () => {
  test("shows «Ошибка валидации» with the first message, keeps what was typed and creates nothing", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await page.getByLabel("Имя").fill("R2-D2");
    await page.getByLabel("E-mail").fill("droid@example.com");
    await page.getByLabel("Пароль").fill("1234567");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(toast(page, "Ошибка валидации")).toContainText("Имя может содержать только буквы, пробелы и дефисы");

    // The server checks every rule (zod stays off the landing): what was typed stays for the fix.
    await expect(page.getByLabel("Пароль")).toHaveValue("1234567");
    await page.getByLabel("Имя").fill("Дроид");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(toast(page, "Ошибка валидации").filter({ hasText: "Пароль должен быть не менее 8 символов" })).toBeVisible();

    await page.getByLabel("Имя").fill("   ");
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(toast(page, "Ошибка валидации").filter({ hasText: "Введите имя" })).toBeVisible();
    expect(await findUserId("droid@example.com")).toBeNull();
  });

  test("checks the email format on sign-in", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("E-mail").fill("user@localhost");
    await page.getByLabel("Пароль").fill("whatever");
    await page.getByRole("button", { name: "Войти", exact: true }).click();
    await expect(toast(page, "Ошибка валидации")).toContainText("Неверный формат email");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("sign-in and sign-up", () => {
  test("a wrong password shows «Ошибка» with the provider's message in Russian", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("E-mail").fill(SEEDED.student.email);
    await page.getByLabel("Пароль").fill("wrong-password");
    await page.getByRole("button", { name: "Войти", exact: true }).click();
    await expect(toast(page, "Ошибка")).toContainText("Неверный email или пароль");
    await expect(page).toHaveURL(/\/$/);
  });

  test("the demo student signs in, gets the welcome toast and lands on the dashboard", async ({ page }) => {
    await submitSignIn(page, SEEDED.student.email, SEEDED.student.password);
    // The toast first: Sonner hides it after 4 s, which a slow navigation could outlast.
    await expect(toast(page, "Вход выполнен")).toContainText("Добро пожаловать!");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("link", { name: /Product Founder/ })).toBeVisible();
  });

  test("the submit button is disabled while the request is pending", async ({ page }) => {
    await page.goto("/");
    await page.route("**/*", async (route) => {
      if (route.request().method() === "POST" && route.request().headers()["next-action"]) {
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue();
    });
    await page.getByLabel("E-mail").fill(SEEDED.student.email);
    await page.getByLabel("Пароль").fill("wrong-password");
    const submit = page.getByRole("button", { name: "Войти", exact: true });
    await submit.click();
    await expect(submit).toBeDisabled();
    await expect(toast(page, "Ошибка")).toBeVisible();
    await expect(submit).toBeEnabled();
  });

  test("a visitor registers, lands on the dashboard, and cannot register twice", async ({ page, browser }) => {
    const email = `${unique("new")}@example.com`;
    await signUp(page, "Алёна Новикова-Ким", email);
    await expect(toast(page, "Регистрация успешна")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Алёна Новикова-Ким");

    const other = await browser.newPage();
    await signUp(other, "Кто-то", email);
    await expect(toast(other, "Ошибка")).toContainText("Пользователь с таким email уже зарегистрирован");
    await other.close();
    await deleteUser((await findUserId(email))!);
  });
});

test.describe("password recovery", () => {
  test("the email link leads to a new password and a signed-in dashboard; the link works once", async ({ page }) => {
    const user = await createStudent("Забывчивый Студент");
    await page.goto("/");
    await page.getByRole("button", { name: "Забыли пароль?" }).click();
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByRole("button", { name: "Отправить ссылку" }).click();
    await expect(toast(page, "Письмо отправлено")).toContainText("Проверьте свою почту для восстановления пароля");
    await expect(page.getByRole("heading", { name: "Вход" })).toBeVisible();

    const link = await latestMailLink(user.email);
    await page.goto(link);
    await page.getByRole("button", { name: "Задать новый пароль" }).click();
    await expect(page).toHaveURL(/\/auth\/reset-password$/);
    await page.getByLabel("Новый пароль").fill("short12");
    await page.getByLabel("Повторите пароль").fill("short12");
    await page.getByRole("button", { name: "Сохранить пароль" }).click();
    await expect(toast(page, "Ошибка валидации")).toContainText("Пароль должен быть не менее 8 символов");
    await expect(page.locator("#password-error")).toHaveText("Пароль должен быть не менее 8 символов");
    await page.getByLabel("Новый пароль").fill("brand-new-password");
    await page.getByLabel("Повторите пароль").fill("brand-new-passw0rd");
    await page.getByRole("button", { name: "Сохранить пароль" }).click();
    await expect(toast(page, "Ошибка валидации").filter({ hasText: "Пароли не совпадают" })).toBeVisible();
    await page.getByLabel("Повторите пароль").fill("brand-new-password");
    await page.getByRole("button", { name: "Сохранить пароль" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Already signed in by the link: the toast does not send them to sign in again.
    await expect(toast(page, "Пароль обновлён")).toContainText("Вы уже вошли. В следующий раз входите с новым паролем");

    await page.context().clearCookies();
    await signIn(page, user.email, "brand-new-password");

    await page.context().clearCookies();
    await page.goto(link);
    await page.getByRole("button", { name: "Задать новый пароль" }).click();
    await expect(page).toHaveURL(/\/auth\/link-expired\?reason=used-or-expired$/);
    await expect(page.getByRole("heading", { name: "Ссылка уже использована или устарела" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Отправить новое письмо" })).toBeVisible();
    await deleteUser(user.id);
  });
});

test.describe("route guards and the dashboard", () => {
  for (const path of ["/dashboard", "/product-founder", "/tech-founder", "/tech-founder/lovable", "/tech-founder/lovable/x", "/admin", "/auth/reset-password"]) {
    test(`an anonymous visitor of ${path} goes to /`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { name: "Вход" })).toBeVisible();
    });
  }

  test("a signed-in visitor of / goes to /dashboard; a student of /admin too", async ({ page }) => {
    await useSession(page, "student");
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("link", { name: "Панель администратора" })).toHaveCount(0);
  });

  test("the track cards lead to both tracks and «Выйти» returns to /", async ({ page }) => {
    const student = await createStudent();
    await signInByAction(page, student.email, student.password);
    await page.goto("/dashboard");
    await page.getByRole("link", { name: /Product Founder/ }).click();
    await expect(page).toHaveURL(/\/product-founder$/);
    await page.getByRole("link", { name: "К выбору трека" }).click();
    await page.getByRole("link", { name: /Tech Founder/ }).click();
    await expect(page).toHaveURL(/\/tech-founder$/);
    await page.getByRole("link", { name: "К выбору трека" }).click();
    await page.getByRole("button", { name: "Выйти" }).click();
    await expect(toast(page, "Вы вышли из аккаунта")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/$/);
    await deleteUser(student.id);
  });

  test("an admin sees «Панель администратора», which opens /admin", async ({ page }) => {
    await useSession(page, "admin");
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Панель администратора" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Панель администратора" })).toBeVisible();
  });

  test("the dashboard reloads when the session ends in another tab", async ({ page, context }) => {
    const student = await createStudent();
    await signInByAction(page, student.email, student.password);
    await page.goto("/dashboard");
    const other = await context.newPage();
    await other.goto("/dashboard");
    await other.getByRole("button", { name: "Выйти" }).click();
    await expect(other).toHaveURL(/\/$/);
    await expect(page).toHaveURL(/\/$/);
    await deleteUser(student.id);
  });
});

test("an unknown path shows the 404 page with a link home", async ({ page }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "На главную" }).click();
  await expect(page).toHaveURL(/\/$/);
});
