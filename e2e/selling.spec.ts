import { expect, test } from "./fixtures";
import { createTool, deleteUser, findUserId, service, unique, uniqueName } from "./helpers/backend";
import { E2E_APP_URL, E2E_YOOKASSA_URL } from "./helpers/ports";
import { YOOKASSA_DEMO_SECRET_KEY, YOOKASSA_DEMO_SHOP_ID } from "../local-backend/yookassa/credentials";

/**
 * Issue 45 end to end, through the ЮKassa stand-in: a visitor finds an offer in the catalogue,
 * registers during checkout, pays on the provider's page, returns and opens the course; a refund
 * made at the provider takes the access back; a forged notification changes nothing.
 */

const PRICE = 490000;
const yookassaAuth = `Basic ${Buffer.from(`${YOOKASSA_DEMO_SHOP_ID}:${YOOKASSA_DEMO_SECRET_KEY}`).toString("base64")}`;

/** A published offer of a new group that opens a new tool with one lesson. */
async function newOffer() {
  const tool = await createTool({ lessons: [{ title: "Первый оплаченный урок", order_index: 1 }] });
  const { data: group } = await service.from("groups").insert({ name: unique("Покупатели") }).select("id").single();
  await service.from("group_tool_access").insert({ group_id: group!.id, tool_id: tool.id, is_unlocked: true });
  const slug = unique("kurs").toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const title = `Курс ${tool.name}`;
  const { data: offer, error } = await service
    .from("offers")
    .insert({ slug, title, description_md: "Соберите продукт без программиста.", price_kopecks: PRICE, group_id: group!.id, access_days: 30, is_published: true })
    .select("id")
    .single();
  expect(error).toBeNull();
  return {
    slug,
    title,
    tool,
    offerId: offer!.id,
    async remove() {
      await service.from("orders").delete().eq("offer_id", offer!.id);
      await service.from("offers").delete().eq("id", offer!.id);
      await service.from("groups").delete().eq("id", group!.id);
      await tool.remove();
    },
  };
}

test("a visitor finds a course, registers at checkout, pays at ЮKassa, returns and studies; a refund takes the access back", async ({ page }) => {
  const offer = await newOffer();
  const email = `${unique("buyer")}@example.com`;
  try {
    await page.goto("/courses");
    await page.getByRole("link", { name: offer.title }).click();
    await expect(page.getByRole("heading", { level: 1, name: offer.title })).toBeVisible();
    await expect(page.getByText(`Инструмент «${offer.tool.name}»`)).toBeVisible();
    await expect(page.getByText("Доступ на 30 дней с оплаты")).toBeVisible();
    await page.getByRole("link", { name: "Купить" }).click();

    // Registration on the spot, and back to the checkout.
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await page.getByLabel("Имя").fill(uniqueName("Pokupatel"));
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Пароль").fill("password123");
    await page.getByRole("checkbox", { name: /согласие на обработку/ }).check();
    await page.getByRole("button", { name: "Зарегистрироваться" }).click();
    await expect(page).toHaveURL(new RegExp(`/courses/${offer.slug}/checkout`));

    // The agreement is required, and said so in Russian; nothing is ordered.
    await page.getByRole("button", { name: /Перейти к оплате/ }).click();
    await expect(page.locator("#terms-error")).toHaveText("Чтобы купить курс, примите условия договора-оферты");
    expect((await service.from("orders").select("id").eq("offer_id", offer.offerId)).data).toEqual([]);

    await page.getByRole("checkbox", { name: /договора-оферты/ }).check();
    await page.getByRole("button", { name: /Перейти к оплате/ }).click();
    await expect(page).toHaveURL(new RegExp(`^${E2E_YOOKASSA_URL}/checkout/`));
    await expect(page.getByText("4 900,00 ₽")).toBeVisible();
    await page.getByRole("button", { name: "Оплатить" }).click();

    await expect(page).toHaveURL(new RegExp(`^${E2E_APP_URL}/orders/`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("оплата получена");
    await page.getByRole("link", { name: "Перейти к обучению" }).click();
    await page.goto("/tech-founder");
    await expect(page.getByTestId("tool-card").filter({ hasText: offer.tool.name }).getByRole("link")).toBeVisible();

    const buyerId = await findUserId(email);
    const { data: order } = await service.from("orders").select("id, number, status, amount_kopecks, payment_id, terms_version").eq("user_id", buyerId!).single();
    expect(order).toMatchObject({ status: "paid", amount_kopecks: PRICE, terms_version: expect.any(String) });

    // The owner refunds it in ЮKassa's dashboard: its notification takes exactly this access back.
    const refund = await fetch(`${E2E_YOOKASSA_URL}/v3/refunds`, {
      method: "POST",
      headers: { authorization: yookassaAuth, "content-type": "application/json", "idempotence-key": `refund-${order!.id}` },
      body: JSON.stringify({ payment_id: order!.payment_id, amount: { value: "4900.00", currency: "RUB" } }),
    });
    expect(refund.status).toBe(200);
    await expect.poll(async () => (await service.from("orders").select("status").eq("id", order!.id).single()).data?.status).toBe("refunded");
    await page.goto("/tech-founder");
    await expect(page.getByTestId("tool-card").filter({ hasText: offer.tool.name })).toContainText("Скоро");
    await page.goto(`/orders/${order!.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("оформлен возврат");
  } finally {
    const id = await findUserId(email);
    await offer.remove();
    if (id) await deleteUser(id);
  }
});

test("a notification is only a hint: forged, unknown or malformed ones change nothing and are refused in Russian", async ({ request }) => {
  const unknown = await request.post("/api/payments/yookassa", {
    data: { type: "notification", event: "payment.succeeded", object: { id: "2f000000-000f-5000-8000-000000000000", status: "succeeded" } },
  });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: "Платёжный сервис не знает такого платежа" });
  const malformed = await request.post("/api/payments/yookassa", { data: { hello: "world" } });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toEqual({ error: "Уведомление не распознано" });
});
