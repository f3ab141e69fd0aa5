import { describe, expect, it } from "vitest";
import { describeDeliveryError, describeNotification, listTitles, QUOTE_MAX, quoteOf } from "./notifications";

const MODULE = "c0000000-0000-4000-8000-000000000001";
const LESSON = "d0000000-0000-4000-8000-000000000001";
const SUBMISSION = "e0000000-0000-4000-8000-000000000001";
const COMMENT = "f0000000-0000-4000-8000-000000000001";

describe("describeNotification", () => {
  it("links a decision on homework to its lesson, in either track", () => {
    expect(describeNotification("homework_returned", { lesson_id: LESSON, lesson_title: "Первый прототип", tool_name: "Lovable", module_id: null })).toEqual({
      title: "Работа вернулась на доработку",
      text: "Куратор прокомментировал ваше домашнее задание к уроку «Первый прототип». Посмотрите комментарий и отправьте работу снова.",
      path: `/tech-founder/lovable/${LESSON}#homework`,
    });
    expect(describeNotification("homework_accepted", { lesson_id: LESSON, lesson_title: "Интервью", tool_name: null, module_id: MODULE }).path).toBe(
      `/product-founder/${MODULE}/${LESSON}#homework`,
    );
  });

  it("leads to the curator's comment on the lesson page and quotes it", () => {
    const decision = { lesson_id: LESSON, lesson_title: "Интервью", tool_name: "Lovable", module_id: null, submission_id: SUBMISSION, attempt: 2 };
    const returned = describeNotification("homework_returned", { ...decision, comment_id: COMMENT, comment: "Добавьте **цитаты** клиентов:\n\n- кто\n- зачем" });
    expect(returned.path).toBe(`/tech-founder/lovable/${LESSON}#comment-${COMMENT}`);
    expect(returned.quote).toBe("Добавьте цитаты клиентов: кто зачем");
    // Accepted without a comment: the attempt itself, and nothing to quote.
    const accepted = describeNotification("homework_accepted", decision);
    expect(accepted.path).toBe(`/tech-founder/lovable/${LESSON}#attempt-${SUBMISSION}`);
    expect(accepted.quote).toBeUndefined();
    // A comment of an unexpected type is not quoted, and the link still works.
    expect(describeNotification("homework_returned", { ...decision, comment: 5 }).quote).toBeUndefined();
  });

  it("counts the curator's digest in Russian", () => {
    expect(describeNotification("review_waiting", { count: 1 }).text).toBe("1 новая работа ждёт проверки.");
    expect(describeNotification("review_waiting", { count: 3 }).text).toBe("3 новые работы ждут проверки.");
    expect(describeNotification("review_waiting", { count: 12 }).text).toBe("12 новых работ ждут проверки.");
    expect(describeNotification("review_waiting", { count: 12 }).path).toBe("/admin/reviews");
  });

  it("names what opened and links to the first", () => {
    const tool = { kind: "tool", id: "t", title: "Lovable", tool_name: "Lovable" };
    const lesson = { kind: "lesson", id: LESSON, title: "Интервью", module_id: MODULE };
    expect(describeNotification("access_opened", { items: [tool, lesson] })).toEqual({
      title: "Вам открыли доступ",
      text: "Теперь доступно: «Lovable», «Интервью».",
      path: "/tech-founder/lovable",
    });
    expect(describeNotification("item_unlocked", { items: [lesson] }).title).toBe("Открылся новый урок");
    expect(describeNotification("item_unlocked", { items: [lesson] }).path).toBe(`/product-founder/${MODULE}/${LESSON}`);
    expect(describeNotification("item_unlocked", { items: [{ kind: "module", id: MODULE, title: "А" }, { kind: "module", id: "x", title: "Б" }] }).title).toBe(
      "Открылись новые модули",
    );
    expect(describeNotification("item_unlocked", { items: [tool, lesson] }).title).toBe("Открылись новые материалы");
  });

  it("tells the buyer what a payment opened and a refund returned, and the owner what sold", () => {
    const order = { order_number: 1042, title: "Tech Founder: старт", amount_kopecks: 490000 };
    expect(describeNotification("payment_received", { ...order, access_until: null })).toEqual({
      title: "Оплата получена",
      text: "Заказ №1042: «Tech Founder: старт» открыт. Можно начинать.",
      path: "/dashboard",
    });
    expect(describeNotification("new_sale", { ...order, buyer_email: "buyer@example.com" })).toEqual({
      title: "Новая продажа",
      text: "«Tech Founder: старт» за 4\u00a0900\u00a0₽, покупатель buyer@example.com, заказ №1042.",
      path: "/admin/orders",
    });
    expect(describeNotification("refund_made", { ...order, amount_kopecks: 100050, full: false }).text).toBe(
      "По заказу №1042 «Tech Founder: старт» возвращено 1\u00a0000,50\u00a0₽.",
    );
    expect(describeNotification("refund_made", { ...order, full: true }).text).toMatch(/Доступ к курсу по этому заказу закрыт\.$/);
    expect(describeNotification("new_sale", { what: "?" })).toEqual({ title: "Новая продажа", text: "Подробности — в заказе.", path: "/admin/orders" });
    expect(describeNotification("certificate_issued", { code: "K7M2-QX9P-4TNB", kind: "tool", title: "Lovable" })).toEqual({
      title: "Выдан сертификат",
      text: "Поздравляем! Вы завершили инструмент «Lovable». Сертификат K7M2-QX9P-4TNB можно скачать и показать по ссылке.",
      path: "/certificates",
    });
    expect(describeNotification("certificate_issued", {}).path).toBe("/certificates");
    expect(describeNotification("order_unpaid", { order_number: 7, title: "Поток", slug: "potok" })).toEqual({
      title: "Заказ №7 ждёт оплаты",
      text: "Курс «Поток» ещё не оплачен. Вернуться к оплате можно в любой момент.",
      path: "/courses/potok/checkout",
    });
  });

  it("still says something sensible of a payload it does not recognise", () => {
    for (const kind of ["homework_returned", "review_waiting", "access_opened", "item_unlocked", "welcome"] as const) {
      const text = describeNotification(kind, { unexpected: true });
      expect(text.title.length).toBeGreaterThan(0);
      expect(text.path.startsWith("/")).toBe(true);
    }
  });
});

describe("quoteOf", () => {
  it("keeps a short comment whole, as one line without Markdown's marks", () => {
    expect(quoteOf("## Итог\n\n> Хорошо, но [пример](https://example.com) `код` ~~лишнее~~")).toBe("Итог Хорошо, но пример код лишнее");
  });

  it("cuts a long comment at a word's end, with «…», within the limit", () => {
    const long = `${"Слово ".repeat(100)}конец`;
    const quote = quoteOf(long);
    expect(quote.length).toBeLessThanOrEqual(QUOTE_MAX);
    expect(quote).toMatch(/ Слово…$/);
    expect(quoteOf("Одно-очень-длинное-слово-без-пробелов".repeat(20), 40)).toHaveLength(40);
  });
});

describe("listTitles", () => {
  it("shows three and counts the rest", () => {
    expect(listTitles(["А", "Б"])).toBe("«А», «Б»");
    expect(listTitles(["А", "Б", "В", "Г", "Д"])).toBe("«А», «Б», «В» и ещё 2");
  });
});

describe("describeDeliveryError", () => {
  it("puts the channels' own English answers in Russian", () => {
    expect(describeDeliveryError("403: Forbidden: bot was blocked by the user")).toBe("Получатель заблокировал бота в Telegram");
    expect(describeDeliveryError("400: Bad Request: chat not found")).toBe("Чат Telegram не найден");
    expect(describeDeliveryError("429: Too Many Requests: retry after 3")).toBe("Канал просит подождать: слишком много сообщений");
    expect(describeDeliveryError("network: fetch failed (connect ECONNREFUSED 127.0.0.1:1)")).toBe("Канал недоступен: нет связи");
    expect(describeDeliveryError("EENVELOPE: 550 5.1.1 mailbox unavailable")).toBe("Почтовый сервер или канал отказал окончательно (код 550)");
    expect(describeDeliveryError("451: try again later")).toBe("Канал временно отказал (код 451)");
    expect(describeDeliveryError("e-mail is not configured: SMTP_URL is not set")).toBe("Канал не настроен на сервере");
    expect(describeDeliveryError("something odd")).toBe("Канал ответил неизвестной ошибкой");
    expect(describeDeliveryError(null)).toBeNull();
  });
});
