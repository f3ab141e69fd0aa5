import type { Browser, Page } from "@playwright/test";
import { expect, test, visitorAddress } from "./fixtures";
import { createPeople, createTool, service, setAccess, type TestUser } from "./helpers/backend";
import { E2E_APP_URL } from "./helpers/ports";
import { expectNotHydrated, holdScripts } from "./helpers/scripts";
import { signInByAction } from "./helpers/session";

/**
 * Certificates end to end: a student finishes a tool that issues one, hears of it, downloads the
 * PDF; a signed-out visitor verifies it; once the owner revokes it, the public page says so.
 */

async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_APP_URL, locale: "ru-RU", extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
  return context.newPage();
}

async function personPage(browser: Browser, person: TestUser): Promise<Page> {
  const page = await visitorPage(browser);
  await signInByAction(page, person.email, person.password);
  return page;
}

test.describe("certificates", () => {
  let tool: Awaited<ReturnType<typeof createTool>>;
  let people: Awaited<ReturnType<typeof createPeople>>;

  test.beforeAll(async () => {
    tool = await createTool({
      lessons: [
        { title: "Первый шаг", order_index: 1 },
        { title: "Второй шаг", order_index: 2 },
      ],
    });
    await service.from("tech_tools").update({ issues_certificate: true }).eq("id", tool.id);
    people = await createPeople({ student: "Выпускница Сертификатова", curator: "Куратор Сертификатов", admin: "Админ Сертификатов" });
    await setAccess("tool", people.student.id, tool.id, { is_unlocked: true });
  });

  test.afterAll(async () => {
    await tool.remove();
    await people.remove();
  });

  test("finishing a tool issues a certificate: notified, downloaded, verified by anyone, and revoked by the owner", async ({ browser }) => {
    test.setTimeout(120_000);
    const student = await personPage(browser, people.student);
    const toolPath = `/tech-founder/${tool.name.toLowerCase()}`;
    for (const title of ["Первый шаг", "Второй шаг"]) {
      await student.goto(`${toolPath}/${tool.lessonId(title)}`);
      await student.getByRole("button", { name: "Отметить пройденным" }).click();
      // «Пройдено» shows at once; the toast says the server saved it (leaving sooner may cancel the save).
      await expect(student.getByText("Урок отмечен пройденным")).toBeVisible();
    }
    await expect.poll(async () => (await service.from("certificates").select("code").eq("user_id", people.student.id)).data?.length).toBe(1);
    const code = (await service.from("certificates").select("code").eq("user_id", people.student.id).single()).data!.code;

    // The notification, in the app.
    await student.goto("/notifications");
    await expect(student.getByRole("button", { name: /Выдан сертификат/ })).toContainText(code);

    // «Сертификаты»: the PDF, and the page anyone may open.
    await student.getByRole("navigation", { name: "Аккаунт" }).getByRole("link", { name: "Сертификаты" }).click();
    await expect(student.getByRole("heading", { name: "Сертификаты", level: 1 })).toBeVisible();
    const card = student.getByTestId("certificate");
    await expect(card).toContainText(code);
    await expect(card).toContainText("Выпускница Сертификатова");
    const pdfHref = await card.getByRole("link", { name: "Скачать PDF" }).getAttribute("href");
    expect(pdfHref).toBe(`/certificates/${code}/pdf`);
    const pdf = await student.request.get(pdfHref!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString()).toBe("%PDF-");
    expect(body.length).toBeGreaterThan(2_000);
    await expect(card.getByRole("textbox", { name: `Ссылка на сертификат ${code}` })).toHaveValue(new RegExp(`/certificates/${code}$`));
    // «Скопировать ссылку» needs the script: before it arrives the button says it cannot act yet.
    const scripts = await holdScripts(student);
    await student.reload({ waitUntil: "commit" });
    const copy = card.getByRole("button", { name: "Скопировать ссылку" });
    await expectNotHydrated(scripts, copy);
    await expect(copy).toHaveAttribute("aria-disabled", "true");
    scripts.release();
    await expect(copy).not.toHaveAttribute("aria-disabled");

    // A signed-out visitor verifies it; a code nobody has is 404.
    const visitor = await visitorPage(browser);
    await visitor.goto(`/certificates/${code}`);
    await expect(visitor.getByRole("heading", { name: `Сертификат ${code}`, level: 1 })).toBeVisible();
    await expect(visitor.getByTestId("certificate-status")).toHaveText("Действителен");
    await expect(visitor.getByText("Выпускница Сертификатова")).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    expect((await visitor.request.get(`/certificates/${code}/pdf`)).headers()["content-type"]).toBe("application/pdf");
    expect((await visitor.request.get("/certificates/0000-0000-0000")).status()).toBe(404);

    // The owner finds it by its code and revokes it with a reason.
    const admin = await personPage(browser, people.admin);
    await admin.goto(`/admin/certificates?q=${code}`);
    const row = admin.getByTestId("admin-certificate");
    await expect(row).toHaveCount(1);
    await row.getByLabel("Причина отзыва").fill("Выдан по ошибке");
    await row.getByRole("button", { name: "Отозвать" }).click();
    await expect(admin.getByRole("status").filter({ hasText: "Сертификат отозван" })).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByTestId("certificate-status")).toHaveText("Отозван");
    await expect(visitor.getByText("Выдан по ошибке")).toHaveCount(0);
    await Promise.all([student.context().close(), visitor.context().close(), admin.context().close()]);
  });
});
