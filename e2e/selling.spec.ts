import { expect, test, visitorAddress } from "./fixtures";
import { createStudent, createTool, deleteUser, findUserId, service, unique, uniqueName } from "./helpers/backend";
import { E2E_APP_URL, E2E_YOOKASSA_URL } from "./helpers/ports";
import { signInByAction, useSession } from "./helpers/session";
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

test("the owner marks a bank transfer paid, refunds part of a payment and then the rest, from «Заказы»", async ({ page }) => {
  const offer = await newOffer();
  const buyer = await createStudent(uniqueName("Pokupatel Perevodom"));
  try {
    const place = async () =>
      (await service.rpc("place_order", { _user_id: buyer.id, _offer_id: offer.offerId, _code: "", _terms_version: "2026-11-28" })).data as {
        order: { id: string; number: number };
      };
    const canOpen = async () => {
      await buyerPage.goto("/tech-founder");
      return buyerPage.getByTestId("tool-card").filter({ hasText: offer.tool.name });
    };
    const buyerPage = await page.context().browser()!.newPage();
    await signInByAction(buyerPage, buyer.email, buyer.password);

    // A bank transfer: the owner marks the pending order paid.
    const transfer = (await place()).order;
    await useSession(page, "admin");
    await page.goto("/admin/orders?status=pending");
    const transferRow = page.getByTestId("order-row").filter({ hasText: `Заказ №${transfer.number}` });
    await transferRow.getByRole("button", { name: "Отметить оплаченным" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Заказ отмечен оплаченным: доступ открыт");
    await expect((await canOpen()).getByRole("link")).toBeVisible();
    // That order came without ЮKassa: nothing to refund there, so its access ends with a refund at the bank. Drop it for the rest.
    await service.rpc("end_memberships", { _source: "order", _ref: String(transfer.number) });

    // A card payment through ЮKassa, then refunds from «Заказы».
    const paid = (await place()).order;
    const created = await fetch(`${E2E_YOOKASSA_URL}/v3/payments`, {
      method: "POST",
      headers: { authorization: yookassaAuth, "content-type": "application/json", "idempotence-key": paid.id },
      body: JSON.stringify({
        amount: { value: "4900.00", currency: "RUB" },
        capture: true,
        confirmation: { type: "redirect", return_url: `${E2E_APP_URL}/orders/${paid.id}` },
        description: `Заказ №${paid.number}`,
        metadata: { order_id: paid.id },
        receipt: {
          customer: { email: buyer.email },
          items: [{ description: "Курс", quantity: "1", amount: { value: "4900.00", currency: "RUB" }, vat_code: 1, payment_subject: "service", payment_mode: "full_payment", measure: "piece" }],
        },
      }),
    });
    const payment = (await created.json()) as { id: string };
    await service.rpc("attach_order_payment", { _order_id: paid.id, _provider: "yookassa", _payment_id: payment.id });
    await buyerPage.goto(`${E2E_YOOKASSA_URL}/checkout/${payment.id}`);
    await buyerPage.getByRole("button", { name: "Оплатить" }).click();
    await expect(buyerPage.getByRole("heading", { level: 1 })).toContainText("оплата получена");

    await page.goto("/admin/orders?status=paid");
    const paidRow = page.getByTestId("order-row").filter({ hasText: `Заказ №${paid.number}` });
    await paidRow.getByLabel("Сумма возврата, ₽").fill("много");
    await paidRow.getByRole("button", { name: `Вернуть деньги за заказ №${paid.number}` }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText("Сумма возврата — в рублях, например 4900 или 4900,50");

    await page.goto("/admin/orders?status=paid");
    await page.getByTestId("order-row").filter({ hasText: `Заказ №${paid.number}` }).getByLabel("Сумма возврата, ₽").fill("1000,50");
    await page.getByRole("button", { name: `Вернуть деньги за заказ №${paid.number}` }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Частичный возврат оформлен: доступ сохраняется");
    await expect((await canOpen()).getByRole("link")).toBeVisible();

    await page.goto("/admin/orders?status=partially_refunded");
    await expect(page.getByTestId("order-row").filter({ hasText: `Заказ №${paid.number}` })).toContainText("возвращено 1\u00a0000,50\u00a0₽");
    await page.getByRole("button", { name: `Вернуть деньги за заказ №${paid.number}` }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Возврат оформлен: деньги вернутся покупателю, доступ по заказу закрыт");
    await expect(await canOpen()).toContainText("Скоро");
    expect((await service.from("orders").select("status, refunded_kopecks").eq("id", paid.id).single()).data).toEqual({ status: "refunded", refunded_kopecks: PRICE });

    // Today's revenue counts what was paid and returned today, in Moscow.
    await page.goto("/admin/orders");
    await expect(page.getByRole("heading", { name: /^Выручка за 30 дней: / })).toBeVisible();
    const today = new Intl.DateTimeFormat("ru-RU", { timeZone: "Europe/Moscow", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date());
    await expect(page.getByRole("table", { name: "Выручка по дням" }).getByRole("row").nth(1)).toContainText(today);
    // The same revenue beside the school's analytics.
    await page.goto("/admin/analytics");
    await expect(page.getByRole("heading", { name: /^Выручка за 30 дней: / })).toBeVisible();
    await page.goto("/admin/orders");

    // The course and the period narrow the list; each order tells its history.
    const isoToday = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
    const filters = page.getByRole("form", { name: "Отбор заказов" });
    await filters.getByLabel("Курс").selectOption({ label: offer.title });
    await filters.getByLabel("С (МСК)").fill(isoToday);
    await filters.getByLabel("По (МСК)").fill(isoToday);
    await filters.getByRole("button", { name: "Показать" }).click();
    await expect(page).toHaveURL(new RegExp(`offer=${offer.offerId}&from=${isoToday}&to=${isoToday}`));
    await expect(page.getByTestId("order-row")).toHaveCount(2);
    const history = page.getByTestId("order-row").filter({ hasText: `Заказ №${paid.number}` }).getByRole("group");
    await history.getByText("История заказа").click();
    await expect(history).toContainText("возврат 3\u00a0899,50\u00a0₽: доступ закрыт");

    // «Скачать CSV» with the page's filter, for the admin only.
    const csv = await page.request.get("/admin/orders/export?status=refunded");
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    expect(text.startsWith('\uFEFF"Заказ";"Создан (МСК)"')).toBe(true);
    expect(text).toContain(`"${paid.number}";`);
    expect(text).toContain('"возвращён";"4900,00";"4900,00"');
    expect(text).not.toContain(`"${transfer.number}";`);
    const refused = await buyerPage.request.get("/admin/orders/export", { maxRedirects: 0 });
    expect([refused.status(), refused.headers().location]).toEqual([307, "/dashboard"]);
    await buyerPage.close();
  } finally {
    await offer.remove();
    await deleteUser(buyer.id);
  }
});

test("the owner makes a promo code for one course and one use: the first buyer pays half, the next is told it is used up", async ({ page, browser }) => {
  const offer = await newOffer();
  const code = unique("HALF").replace(/[^A-Za-z0-9-]/g, "-").slice(0, 40);
  const buyers = [await createStudent(uniqueName("Pervyi Pokupatel")), await createStudent(uniqueName("Vtoroi Pokupatel"))];
  try {
    await useSession(page, "admin");
    await page.goto("/admin/promo-codes");
    const form = page.getByRole("form", { name: "Новый промокод" });
    await form.getByLabel("Код").fill(code);
    await form.getByLabel("Размер скидки").fill("50");
    await form.getByLabel("Для курса").selectOption({ label: offer.title });
    await form.getByLabel(/Сколько раз можно использовать/).fill("1");
    await form.getByRole("button", { name: "Создать промокод" }).click();
    await expect(page.getByTestId("promo-row").filter({ hasText: code })).toContainText("использован 0 из 1");

    const checkout = async (buyer: (typeof buyers)[number]) => {
      const buyerPage = await browser.newPage();
      await signInByAction(buyerPage, buyer.email, buyer.password);
      await buyerPage.goto(`/courses/${offer.slug}/checkout`);
      await buyerPage.getByLabel("Промокод (если есть)").fill(code.toLowerCase());
      await buyerPage.getByRole("checkbox", { name: /договора-оферты/ }).check();
      await buyerPage.getByRole("button", { name: /Перейти к оплате/ }).click();
      return buyerPage;
    };
    const first = await checkout(buyers[0]);
    await expect(first).toHaveURL(new RegExp(`^${E2E_YOOKASSA_URL}/checkout/`));
    await expect(first.getByText("2 450,00 ₽")).toBeVisible();
    const second = await checkout(buyers[1]);
    await expect(second.locator("#code-error")).toHaveText("Промокод уже использован максимальное число раз");
    expect((await service.from("orders").select("amount_kopecks").eq("offer_id", offer.offerId)).data).toEqual([{ amount_kopecks: PRICE / 2 }]);
    await Promise.all([first.close(), second.close()]);
  } finally {
    await service.from("orders").delete().eq("offer_id", offer.offerId);
    await service.from("promo_codes").delete().eq("code", code);
    await offer.remove();
    await Promise.all(buyers.map((buyer) => deleteUser(buyer.id)));
  }
});

test("the checkout works before any script: the browser posts the form and lands on ЮKassa's page, which the policy lets it reach", async ({ browser }) => {
  const offer = await newOffer();
  const buyer = await createStudent(uniqueName("Pokupatel Bez Skriptov"));
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
  try {
    const page = await context.newPage();
    await signInByAction(page, buyer.email, buyer.password);
    await page.goto(`/courses/${offer.slug}/checkout`);
    await page.getByRole("checkbox", { name: /договора-оферты/ }).check();
    await page.getByRole("button", { name: /Перейти к оплате/ }).click();
    await expect(page).toHaveURL(new RegExp(`^${E2E_YOOKASSA_URL}/checkout/`));
    await expect(page.getByText("4 900,00 ₽")).toBeVisible();
  } finally {
    await context.close();
    await offer.remove();
    await deleteUser(buyer.id);
  }
});
