import { get } from "node:http";
import type { APIRequestContext, Browser, Request } from "@playwright/test";
import { expect, test, visitorAddress } from "./fixtures";
import { E2E_APP_URL } from "./helpers/ports";
import { createStudent, createTool, deleteUser, latestMail, service, setAccess } from "./helpers/backend";
import { signInByAction, toast } from "./helpers/session";

/** A fresh browser of a different person: own cookies, own address. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
  return { context, page: await context.newPage() };
}

/** Replays a captured server action with its body changed, as a script would send it. */
function replay(request: APIRequestContext, action: Request, body: string, headers: Record<string, string> = {}) {
  return request.post("/", {
    headers: { "next-action": action.headers()["next-action"], "content-type": action.headers()["content-type"], ...headers },
    data: body,
  });
}

/**
 * A student asks for a recovery e-mail and types a first wrong code on /auth/code: the page, the
 * right code, wrong ones, and the code's server action as the browser sent it.
 */
async function firstWrongCode(browser: Browser) {
  const user = await createStudent();
  const { context, page } = await visitor(browser);
  await page.goto("/");
  await page.getByRole("button", { name: "Забыли пароль?" }).click();
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByRole("button", { name: "Отправить ссылку" }).click();
  await page.getByRole("link", { name: "ввести код" }).click();
  const code = (await latestMail(user.email)).body.match(/код (\d{6,10})\b/)![1];
  const wrong = (index: number) => String((Number(code) + index + 1) % 10 ** code.length).padStart(code.length, "0");
  await page.getByLabel("Код из письма").fill(wrong(0));
  const captured = page.waitForRequest((request) => Boolean(request.headers()["next-action"]));
  await page.getByRole("button", { name: "Продолжить" }).click();
  return { user, context, page, code, wrong, action: await captured };
}

test.describe("guessing", () => {
  test("five tries spend a recovery code, whatever address each comes from, and asking again too soon does not revive it", async ({
    browser,
    playwright,
  }) => {
    const { user, context, page, code, wrong, action } = await firstWrongCode(browser);
    await expect(toast(page, "Ошибка").filter({ hasText: "Осталось попыток: 4" })).toBeVisible();

    // The attacker rotates X-Forwarded-For on every guess (here a trusted proxy even believes it).
    const answers: string[] = [];
    for (let index = 1; index <= 4; index++) {
      const guesser = await playwright.request.newContext({ baseURL: E2E_APP_URL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
      answers.push(await (await replay(guesser, action, action.postData()!.replace(wrong(0), wrong(index)))).text());
      await guesser.dispose();
    }
    expect(answers[0]).toContain("Осталось попыток: 3");
    expect(answers[3]).toContain("Код больше не действует");

    // The right code, sixth, is refused too: the code is spent.
    await page.getByLabel("Код из письма").fill(code);
    await page.getByRole("button", { name: "Продолжить" }).click();
    await expect(toast(page, "Ошибка").filter({ hasText: "Код больше не действует" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/code/);

    // Asking for another e-mail within Supabase Auth's 60 s sends none, so the spent code stays spent.
    await page.goto("/");
    await page.getByRole("button", { name: "Забыли пароль?" }).click();
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByRole("button", { name: "Отправить ссылку" }).click();
    await expect(toast(page, "Ошибка").filter({ hasText: "Повторить можно через" })).toBeVisible();
    const again = await replay(context.request, action, action.postData()!.replace(wrong(0), code));
    expect(await again.text()).toContain("Код больше не действует");
    await deleteUser(user.id);
    await context.close();
  });

  test("parallel guesses share one count: no more than five are tried", async ({ browser, playwright }) => {
    const { user, context, wrong, action } = await firstWrongCode(browser);

    const answers = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const guesser = await playwright.request.newContext({ baseURL: E2E_APP_URL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
        const text = await (await replay(guesser, action, action.postData()!.replace(wrong(0), wrong(index + 1)))).text();
        await guesser.dispose();
        return text;
      }),
    );
    // One try went through the form; of the twelve in parallel only four more were tried.
    expect(answers.filter((answer) => answer.includes("Осталось попыток")).length).toBe(3);
    expect(answers.filter((answer) => answer.includes("Код больше не действует")).length).toBe(9);
    await deleteUser(user.id);
    await context.close();
  });

  test("wrong passwords slow down unknown browsers only: the student's own browser signs in at once", async ({ browser }) => {
    const user = await createStudent();
    // The student signs in once on their own laptop, which then remembers the account.
    const own = await visitor(browser);
    await own.page.goto("/");
    await own.page.getByLabel("E-mail").fill(user.email);
    await own.page.getByLabel("Пароль").fill(user.password);
    await own.page.getByRole("button", { name: "Войти", exact: true }).click();
    await expect(own.page).toHaveURL(/\/dashboard$/);
    const remembered = (await own.context.cookies()).filter((cookie) => cookie.name === "trusted_browser");
    expect(remembered).toHaveLength(1);
    await own.context.clearCookies();
    await own.context.addCookies(remembered);

    // An attacker guesses from elsewhere, each guess from another address.
    const attacker = await visitor(browser);
    await attacker.page.goto("/");
    await attacker.page.getByLabel("E-mail").fill(user.email);
    await attacker.page.getByLabel("Пароль").fill("guess-0");
    const captured = attacker.page.waitForRequest((request) => Boolean(request.headers()["next-action"]));
    await attacker.page.getByRole("button", { name: "Войти", exact: true }).click();
    const action = await captured;
    const answers: string[] = [];
    for (let index = 1; index <= 6; index++) {
      const body = action.postData()!.replace("guess-0", `guess-${index}`);
      answers.push(await (await replay(attacker.context.request, action, body, { "x-forwarded-for": visitorAddress() })).text());
    }
    expect(answers.slice(0, 4).every((answer) => answer.includes("Неверный email или пароль"))).toBe(true);
    expect(answers[4]).toContain("Слишком много неудачных попыток входа в этот аккаунт");
    // Even the right password waits in an unknown browser…
    const right = await replay(attacker.context.request, action, action.postData()!.replace("guess-0", user.password));
    expect(await right.text()).toContain("Слишком много неудачных попыток");
    expect((await attacker.context.cookies()).some((cookie) => cookie.name.includes("auth-token"))).toBe(false);

    // …while the student's own browser is not slowed.
    await own.page.goto("/");
    await own.page.getByLabel("E-mail").fill(user.email);
    await own.page.getByLabel("Пароль").fill(user.password);
    await own.page.getByRole("button", { name: "Войти", exact: true }).click();
    await expect(own.page).toHaveURL(/\/dashboard$/);

    // A forged or foreign cookie vouches for nothing.
    await attacker.context.addCookies([{ ...remembered[0], value: `${remembered[0].value.split(".")[0]}.forged` }]);
    const forged = await replay(attacker.context.request, action, action.postData()!.replace("guess-0", user.password));
    expect(await forged.text()).toContain("Слишком много неудачных попыток");
    await Promise.all([own.context.close(), attacker.context.close(), deleteUser(user.id)]);
  });
});

test.describe("signed out", () => {
  test("a session cookie copied before sign-out can no longer write", async ({ browser }) => {
    const user = await createStudent();
    const tool = await createTool({ lessons: [{ title: "Урок о копии", order_index: 1 }] });
    await setAccess("tool", user.id, tool.id, { is_unlocked: true });
    const lessonPath = `/tech-founder/${tool.name.toLowerCase()}/${tool.lessonId("Урок о копии")}`;
    const { context, page } = await visitor(browser);
    await signInByAction(page, user.email, user.password);
    const copied = await context.cookies();
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Выйти" }).click();
    await expect(page).toHaveURL(/\/$/);

    // The copy still reads for the access token's few minutes (the lesson page notes the view, a
    // read-side record that asks nothing: issue 44), but its first write («Отметить пройденным»)
    // asks Supabase Auth, which has forgotten the session: nothing is marked, and the copy is
    // signed out for good.
    const thief = await visitor(browser);
    await thief.context.addCookies(copied);
    await thief.page.goto(lessonPath);
    const progress = () => service.from("lesson_progress").select("last_opened_at, completed_at").eq("user_id", user.id);
    await expect.poll(async () => (await progress()).data?.length).toBe(1);
    await thief.page.getByRole("button", { name: "Отметить пройденным" }).click();
    await expect(thief.page).toHaveURL(/\/$/);
    await thief.page.goto("/dashboard");
    await expect(thief.page).toHaveURL(/\/$/);
    expect((await progress()).data?.map((row) => row.completed_at)).toEqual([null]);
    await Promise.all([context.close(), thief.context.close(), deleteUser(user.id), service.from("tech_tools").delete().eq("id", tool.id)]);
  });
});

test.describe("the app's server", () => {
  test("keeps an idle connection longer than a client's pool (undici's: 4 s), so a busy moment never reuses one it just closed", async () => {
    const keepAlive = await new Promise<string>((resolve, reject) => {
      get(`${E2E_APP_URL}/robots.txt`, { headers: { connection: "keep-alive" } }, (response) => {
        response.resume();
        resolve(String(response.headers["keep-alive"]));
      }).on("error", reject);
    });
    expect(keepAlive).toBe("timeout=65");
  });
});
