import { slugFromTitle } from "../lib/validation/offers";
import { expect, test } from "./fixtures";
import { service, unique } from "./helpers/backend";
import { expectNotHydrated, holdScripts, hydrated } from "./helpers/scripts";
import { toast, useSession } from "./helpers/session";

/**
 * Issue 45, item 1: the owner's offers editor. The admin creates an offer for a group with a price
 * typed in rubles and kopecks, publishes it and finds it in the public catalogue; a taken address
 * is refused on its field in Russian; an offer with orders is not deleted; a student is sent away.
 */

/** A group, and an offer of another's already holding an address. */
async function world() {
  const { data: group } = await service.from("groups").insert({ name: unique("Покупатели курса") }).select("id, name").single();
  const takenSlug = unique("zanyato").toLowerCase();
  const { data: other, error } = await service
    .from("offers")
    .insert({ slug: takenSlug, title: unique("Чужое предложение"), price_kopecks: 100, group_id: group!.id })
    .select("id, title")
    .single();
  expect(error).toBeNull();
  return {
    group: group!,
    takenSlug,
    other: other!,
    async remove() {
      const { data: offers } = await service.from("offers").select("id").eq("group_id", group!.id);
      const ids = (offers ?? []).map((offer) => offer.id);
      if (ids.length) await service.from("orders").delete().in("offer_id", ids);
      await service.from("offers").delete().eq("group_id", group!.id);
      await service.from("groups").delete().eq("id", group!.id);
    },
  };
}

test("the admin creates an offer priced «4900,50», publishes it, and the catalogue sells it; a taken address is refused on its field", async ({ page }) => {
  const { group, takenSlug, other, remove } = await world();
  const title = unique("Курс продаж");
  const slug = unique("kurs-prodazh").toLowerCase();
  try {
    await useSession(page, "admin");
    await page.goto("/admin");
    await page.getByRole("link", { name: "Курсы в продаже" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Курсы в продаже" })).toBeVisible();
    await page.getByRole("link", { name: "Новое предложение" }).click();
    await expect(page.getByRole("button", { name: "Создать предложение" })).toBeEnabled();

    // The address follows the title, in Latin letters, until the owner writes one.
    await page.getByLabel("Название курса").fill(title);
    await expect(page.getByLabel(/Адрес страницы/)).toHaveValue(slugFromTitle(title));
    await page.getByLabel(/Адрес страницы/).fill(slug);
    await page.getByLabel(/Цена/).fill("4900,50");
    await page.getByLabel(/Группа, в которую/).selectOption({ label: group.name });
    await page.getByLabel(/Дней доступа/).fill("30");
    await page.getByLabel(/Описание/).fill("## Что внутри\n\nСоберите продукт без программиста.");
    await page.getByRole("button", { name: "Создать предложение" }).click();
    await expect(toast(page, "Предложение создано")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const { data: saved } = await service.from("offers").select("id, price_kopecks, access_days, is_published, group_id").eq("slug", slug).single();
    expect(saved).toMatchObject({ price_kopecks: 490050, access_days: 30, is_published: false, group_id: group.id });
    // A draft has no public page to open, and is not sold.
    await expect(page.getByRole("link", { name: "Открыть страницу курса" })).toHaveCount(0);
    await expect(page.getByLabel(/Цена/)).toHaveValue("4900,50");

    await page.getByRole("link", { name: "К курсам в продаже" }).click();
    const row = page.getByRole("list", { name: "Предложения" }).getByRole("link").filter({ hasText: title });
    await expect(row).toContainText("4\u00a0900,50\u00a0₽");
    await expect(row).toContainText(`Группа «${group.name}»`);
    await expect(row).toContainText("Доступ на 30 дней с оплаты");
    await expect(row).toContainText("Черновик");
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto("/courses");
    await expect(visitor.getByRole("link", { name: title })).toHaveCount(0);

    // Published.
    await row.click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await page.getByRole("switch", { name: "Опубликовано" }).click();
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(toast(page, "Сохранено")).toBeVisible();
    await expect(page.getByRole("link", { name: "Открыть страницу курса" })).toHaveAttribute("href", `/courses/${slug}`);
    await page.getByRole("link", { name: "К курсам в продаже" }).click();
    await expect(row).toContainText("В продаже");

    await visitor.goto("/courses");
    const card = visitor.getByRole("listitem").filter({ has: visitor.getByRole("link", { name: title }) });
    await expect(card).toContainText("4\u00a0900,50\u00a0₽");
    await card.getByRole("link", { name: title }).click();
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await visitor.close();

    // Another offer's address: refused on the field, in Russian, and nothing changes.
    await row.click();
    const address = page.getByLabel(/Адрес страницы/);
    await address.fill(takenSlug);
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(address).toHaveAccessibleDescription("Такой адрес уже занят другим предложением");
    expect((await service.from("offers").select("slug").eq("id", saved!.id).single()).data?.slug).toBe(slug);
    // The form's own check, before the server: a Cyrillic address.
    await address.fill("курс");
    await page.getByRole("button", { name: "Сохранить" }).click();
    await expect(address).toHaveAccessibleDescription(/латинские строчные буквы/);

    // An offer with an order is not deleted; one without is.
    await service.from("orders").insert({ buyer_email: "buyer@example.com", offer_id: other.id, list_price_kopecks: 100, amount_kopecks: 100, terms_version: "e2e" });
    await page.goto(`/admin/offers/${other.id}`);
    await page.getByRole("button", { name: "Удалить" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
    await expect(toast(page, "У предложения есть заказы: снимите его с продажи вместо удаления")).toBeVisible();
    expect((await service.from("offers").select("id").eq("id", other.id)).data).toHaveLength(1);

    await page.goto(`/admin/offers/${saved!.id}`);
    await page.getByRole("button", { name: "Удалить" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
    await expect(toast(page, "Предложение удалено")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/offers$/);
    await expect(page.getByRole("link", { name: title })).toHaveCount(0);
    expect((await service.from("offers").select("id").eq("id", saved!.id)).data).toHaveLength(0);
  } finally {
    await remove();
  }
});

test("a new offer's taken address is refused on its field, and nothing is created", async ({ page }) => {
  const { group, takenSlug, remove } = await world();
  const title = unique("Второй курс");
  try {
    await useSession(page, "admin");
    await page.goto("/admin/offers/new");
    await expect(page.getByRole("button", { name: "Создать предложение" })).toBeEnabled();
    await page.getByLabel("Название курса").fill(title);
    await page.getByLabel(/Адрес страницы/).fill(takenSlug);
    await page.getByLabel(/Цена/).fill("4900");
    await page.getByLabel(/Группа, в которую/).selectOption({ label: group.name });
    await page.getByRole("button", { name: "Создать предложение" }).click();
    await expect(page.getByLabel(/Адрес страницы/)).toHaveAccessibleDescription("Такой адрес уже занят другим предложением");
    await expect(page).toHaveURL(/\/admin\/offers\/new$/);
    expect((await service.from("offers").select("id").eq("title", title)).data).toHaveLength(0);
  } finally {
    await remove();
  }
});

test("a student asking for the offers editor lands on the dashboard", async ({ page }) => {
  await useSession(page, "student");
  await page.goto("/admin/offers");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/offers/new");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("«Выше» and «Ниже» set an offer's place, and the catalogue follows it", async ({ page }) => {
  const { data: group } = await service.from("groups").insert({ name: unique("Порядок предложений") }).select("id").single();
  const titles = [unique("Первое по порядку"), unique("Второе по порядку")];
  await service.from("offers").insert(
    titles.map((title, index) => ({ slug: unique(`poryadok-${index}`).toLowerCase(), title, price_kopecks: 100, group_id: group!.id, is_published: true, order_index: 9000 + index })),
  );
  try {
    await useSession(page, "admin");
    await page.goto("/admin/offers");
    const place = async () => {
      const shown = await page.getByTestId("offer-row").allTextContents();
      return titles.map((title) => shown.findIndex((text) => text.includes(title)));
    };
    const [first, second] = await place();
    expect(first).toBeLessThan(second);
    await page.getByRole("button", { name: `Выше: ${titles[1]}` }).click();
    await expect.poll(async () => {
      const [a, b] = await place();
      return a > b;
    }).toBe(true);
    await page.goto("/courses");
    const catalogue = await page.getByRole("listitem").allTextContents();
    expect(catalogue.findIndex((text) => text.includes(titles[1]))).toBeLessThan(catalogue.findIndex((text) => text.includes(titles[0])));
  } finally {
    await service.from("offers").delete().eq("group_id", group!.id);
    await service.from("groups").delete().eq("id", group!.id);
  }
});

test("a title typed before the script: once hydrated, the address follows it, and goes on following", async ({ page }) => {
  const title = unique("Ранний курс");
  await useSession(page, "admin");
  const scripts = await holdScripts(page);
  await page.goto("/admin/offers/new", { waitUntil: "commit" });
  const titleField = page.getByLabel("Название курса");
  const address = page.getByLabel(/Адрес страницы/);
  await expectNotHydrated(scripts, titleField);
  await titleField.click();
  await page.keyboard.type(title);
  await expect(address).toHaveValue("");

  scripts.release();
  await expect.poll(() => hydrated(titleField)).toBe(true);
  await expect(titleField).toHaveValue(title);
  await expect(address).toHaveValue(slugFromTitle(title));
  await titleField.press("End");
  await page.keyboard.type(" плюс");
  await expect(address).toHaveValue(slugFromTitle(`${title} плюс`));
});
