import { describe, expect, it } from "vitest";
import { describeDeliveryError, describeNotification, listTitles } from "./notifications";

const MODULE = "c0000000-0000-4000-8000-000000000001";
const LESSON = "d0000000-0000-4000-8000-000000000001";

describe("describeNotification", () => {
  it("links a decision on homework to its lesson, in either track", () => {
    expect(describeNotification("homework_returned", { lesson_id: LESSON, lesson_title: "Первый прототип", tool_name: "Lovable", module_id: null })).toEqual({
      title: "Работа вернулась на доработку",
      text: "Куратор прокомментировал ваше домашнее задание к уроку «Первый прототип». Посмотрите комментарий и отправьте работу снова.",
      path: `/tech-founder/lovable/${LESSON}`,
    });
    expect(describeNotification("homework_accepted", { lesson_id: LESSON, lesson_title: "Интервью", tool_name: null, module_id: MODULE }).path).toBe(
      `/product-founder/${MODULE}/${LESSON}`,
    );
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

  it("still says something sensible of a payload it does not recognise", () => {
    for (const kind of ["homework_returned", "review_waiting", "access_opened", "item_unlocked", "welcome"] as const) {
      const text = describeNotification(kind, { unexpected: true });
      expect(text.title.length).toBeGreaterThan(0);
      expect(text.path.startsWith("/")).toBe(true);
    }
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
