import { describe, expect, it } from "vitest";
import { describeNotification, listTitles } from "./notifications";

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
