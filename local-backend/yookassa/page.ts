import { formatRubles } from "./money";

/** What the payment page needs of a payment. */
export interface PageView {
  id: string;
  status: "pending" | "succeeded" | "canceled";
  description?: string;
  kopecks: bigint;
  returnUrl: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f3f4f6; color: #111827; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px; }
  .note { font-size: 14px; color: #6b7280; }
  .amount { font-size: 32px; font-weight: 600; margin: 0.5rem 0 1.5rem; }
  form { display: inline-block; margin-right: 0.75rem; }
  button { font: inherit; padding: 0.6rem 1.4rem; border-radius: 8px; border: 1px solid #d1d5db; background: #fff; cursor: pointer; }
  button.pay { background: #2563eb; border-color: #2563eb; color: #fff; }
`;

function layout(title: string, content: string): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="note">Демо-касса ЮKassa: тестовый платёж, деньги не списываются.</p>
${content}
</main>
</body>
</html>
`;
}

/**
 * The payment page of a payment: its description and amount with «Оплатить» and «Отменить» (plain
 * forms, no script), or, once it is settled, what became of it and a link back to the shop.
 */
export function paymentPage(view: PageView): string {
  const amount = `<p class="amount">${formatRubles(view.kopecks)}</p>`;
  const description = view.description ? `<p class="description">${escapeHtml(view.description)}</p>` : "";
  if (view.status === "pending") {
    const action = (verb: string) => `/checkout/${encodeURIComponent(view.id)}/${verb}`;
    return layout(
      "Оплата заказа",
      `<h1>Оплата заказа</h1>
${description}
${amount}
<form method="post" action="${action("pay")}"><button type="submit" class="pay">Оплатить</button></form>
<form method="post" action="${action("cancel")}"><button type="submit">Отменить</button></form>`,
    );
  }
  const heading = view.status === "succeeded" ? "Платёж оплачен" : "Платёж отменён";
  return layout(
    heading,
    `<h1>${heading}</h1>
${description}
${amount}
<p><a href="${escapeHtml(view.returnUrl)}">Вернуться в магазин</a></p>`,
  );
}

export function notFoundPage(): string {
  return layout("Платёж не найден", `<h1>Платёж не найден</h1>\n<p>Такого платежа нет в этой кассе.</p>`);
}
