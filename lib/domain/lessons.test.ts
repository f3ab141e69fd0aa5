import { describe, expect, it } from "vitest";
import { closedReasonOf, groupLessons, heldLessonRedirect, lessonHeading, lockedLessonRedirect, neighbours, openLesson } from "./lessons";
import { lockText } from "./access-reasons";

const modules = [
  { id: "m2", name: "Блок 2", description: null, order_index: 2 },
  { id: "m1", name: "Блок 1", description: "Описание", order_index: 1 },
  { id: "m3", name: "Пустой блок", description: null, order_index: 3 },
];

const lessons = [
  { id: "l1", module_id: null, title: "Вводный", order_index: 1 },
  { id: "l5", module_id: null, title: "Пятый", order_index: 5 },
  { id: "b", module_id: "m1", title: "Второй в блоке", order_index: 20 },
  { id: "a", module_id: "m1", title: "Первый в блоке", order_index: 10 },
  { id: "c", module_id: "m2", title: "Только в блоке 2", order_index: 7 },
];

describe("groupLessons", () => {
  it("puts lessons without a module in «Уроки» numbered by order_index", () => {
    const { groups } = groupLessons(modules, lessons, []);
    expect(groups[0].title).toBe("Уроки");
    expect(groups[0].lessons.map((lesson) => lesson.label)).toEqual(["Урок 1", "Урок 5"]);
  });

  it("numbers lessons of each module block by position, blocks in order_index order", () => {
    const { groups } = groupLessons(modules, lessons, []);
    expect(groups.slice(1).map((group) => group.title)).toEqual(["Блок 1", "Блок 2", "Пустой блок"]);
    expect(groups[1].lessons.map((lesson) => [lesson.id, lesson.label])).toEqual([
      ["a", "Урок 1"],
      ["b", "Урок 2"],
    ]);
    expect(groups[2].lessons.map((lesson) => lesson.label)).toEqual(["Урок 1"]);
    expect(groups[3].lessons).toEqual([]);
  });

  it("hides invisible lessons and renumbers the block without them", () => {
    const { groups } = groupLessons(modules, lessons, [{ lesson_id: "a", is_unlocked: true, is_visible: false }]);
    expect(groups[1].lessons.map((lesson) => [lesson.id, lesson.label])).toEqual([["b", "Урок 1"]]);
  });

  it("filters on visibility only: a locked visible lesson stays, marked locked", () => {
    const { groups } = groupLessons(modules, lessons, [{ lesson_id: "l5", is_unlocked: false, is_visible: true }]);
    const locked = groups[0].lessons.find((lesson) => lesson.id === "l5");
    expect(locked?.locked).toBe(true);
    expect(groups[0].lessons.find((lesson) => lesson.id === "l1")?.locked).toBe(false);
  });

  it("drops the «Уроки» group when every lesson is in a block", () => {
    const { groups } = groupLessons(modules, lessons.filter((lesson) => lesson.module_id), []);
    expect(groups[0].title).toBe("Блок 1");
  });

  it("is empty without lessons and blocks", () => {
    expect(groupLessons([], [], []).isEmpty).toBe(true);
    expect(groupLessons(modules, [], []).isEmpty).toBe(false);
  });

  it("treats a lesson whose module is not in the tool as a loose lesson", () => {
    const { groups } = groupLessons([], [{ id: "x", module_id: "gone", title: "X", order_index: 3 }], []);
    expect(groups[0]).toMatchObject({ title: "Уроки" });
    expect(groups[0].lessons[0].label).toBe("Урок 3");
  });
});

describe("neighbours", () => {
  it("follows the page's order across groups and skips locked lessons", () => {
    const { sequence } = groupLessons(modules, lessons, [{ lesson_id: "l5", is_unlocked: false, is_visible: true }]);
    expect(sequence.map((lesson) => lesson.id)).toEqual(["l1", "l5", "a", "b", "c"]);
    expect(neighbours(sequence, "l1")).toMatchObject({ previous: null, next: { id: "a" } });
    expect(neighbours(sequence, "b")).toMatchObject({ previous: { id: "a" }, next: { id: "c" } });
    expect(neighbours(sequence, "c").next).toBeNull();
    expect(neighbours(sequence, "missing")).toEqual({ previous: null, next: null });
  });
});

describe("openLesson", () => {
  it("is missing when the lesson is not in the list (another tool's, deleted or a draft)", () => {
    expect(openLesson(modules, lessons, [], "elsewhere")).toEqual({ status: "missing" });
  });

  it("is closed by a locked or a hidden record, open without one", () => {
    expect(openLesson(modules, lessons, [{ lesson_id: "a", is_unlocked: false, is_visible: true }], "a")).toEqual({ status: "closed", reason: "access" });
    expect(openLesson(modules, lessons, [{ lesson_id: "a", is_unlocked: true, is_visible: false }], "a")).toEqual({ status: "closed", reason: "access" });
    expect(openLesson(modules, lessons, [], "a")).toMatchObject({ status: "open", lesson: { id: "a", label: "Урок 1" }, previous: { id: "l5" }, next: { id: "b" } });
  });

  it("numbers a course module's lessons (no blocks) by order_index", () => {
    const moduleLessons = [
      { id: "x", module_id: null, title: "Второй", order_index: 2 },
      { id: "y", module_id: null, title: "Первый", order_index: 1 },
    ];
    expect(openLesson([], moduleLessons, [], "x")).toMatchObject({ status: "open", lesson: { label: "Урок 2" }, previous: { id: "y" }, next: null });
  });
});

describe("lessons a stop-lesson holds", () => {
  const held = ["b", "c"];

  it("are listed as locked, with the homework as the reason", () => {
    const { sequence } = groupLessons(modules, lessons, [], held);
    expect(sequence.map((lesson) => [lesson.id, lesson.locked, lesson.lockReason])).toEqual([
      ["l1", false, null],
      ["l5", false, null],
      ["a", false, null],
      ["b", true, "homework"],
      ["c", true, "homework"],
    ]);
  });

  it("keep their numbers: a held lesson is closed, not hidden", () => {
    const { groups } = groupLessons(modules, lessons, [], held);
    expect(groups[1].lessons.map((lesson) => lesson.label)).toEqual(["Урок 1", "Урок 2"]);
  });

  it("name the access record first when one closes the lesson too", () => {
    const access = [{ lesson_id: "b", is_unlocked: false, is_visible: true }];
    expect(groupLessons(modules, lessons, access, held).sequence.find((lesson) => lesson.id === "b")?.lockReason).toBe("access");
    expect(openLesson(modules, lessons, access, "b", held)).toEqual({ status: "closed", reason: "access" });
  });

  it("stay hidden when hidden: holding never shows a lesson", () => {
    const access = [{ lesson_id: "c", is_unlocked: true, is_visible: false }];
    expect(groupLessons(modules, lessons, access, held).sequence.map((lesson) => lesson.id)).not.toContain("c");
  });

  it("close the lesson page with the homework as the reason", () => {
    expect(openLesson(modules, lessons, [], "b", held)).toEqual({ status: "closed", reason: "homework" });
  });

  it("are skipped as neighbours of the lessons still open", () => {
    expect(openLesson(modules, lessons, [], "a", held)).toMatchObject({ status: "open", previous: { id: "l5" }, next: null });
  });

  it("name the stop-lesson holding them, and a group's date only as «не раньше» beside it", () => {
    const access = [{ lesson_id: "c", is_unlocked: false, is_visible: true, source: "group", group_names: ["Поток"], opens_at: "2026-11-29T07:00:00Z" }];
    const holds = held.map((lesson_id) => ({ lesson_id, stop_lesson_id: "a" }));
    const { sequence } = groupLessons(modules, lessons, access, held, holds);
    const text = (id: string) => lockText(sequence.find((lesson) => lesson.id === id)!.causes, new Date("2026-11-25T12:00:00Z"));
    expect(text("a")).toBeNull();
    expect(text("b")).toBe("Откроется после принятия задания урока «Первый в блоке»");
    expect(text("c")).toBe("Откроется не раньше 29.11 в 10:00 МСК (группа «Поток») и после принятия задания урока «Первый в блоке»");
  });

  it("ignore ids not in the list", () => {
    expect(groupLessons(modules, lessons, [], ["elsewhere"]).sequence.every((lesson) => !lesson.locked)).toBe(true);
  });
});

describe("the closed notice's query", () => {
  it.each([
    ["1", "access"],
    ["homework", "homework"],
    [undefined, null],
    ["", null],
    ["2", null],
    [["1", "homework"], null],
    ["D0000000-0000-4000-8000-000000000003", { lessonId: "d0000000-0000-4000-8000-000000000003" }],
  ] as const)("closed=%j reads as %j", (query, reason) => {
    expect(closedReasonOf(query as string | string[] | undefined)).toEqual(reason);
  });

  it("a closed lesson the list shows sends the student to its list, naming the lesson", () => {
    const id = "d0000000-0000-4000-8000-000000000003";
    const target = new URL(lockedLessonRedirect("/tech-founder/Lovable", id), "http://school.test");
    expect(closedReasonOf(target.searchParams.get("closed") ?? undefined)).toEqual({ lessonId: id });
  });

  it("a held lesson sends the student to its list, which then reads the reason back", () => {
    const target = new URL(heldLessonRedirect("/tech-founder/Lovable"), "http://school.test");
    expect(target.pathname).toBe("/tech-founder/Lovable");
    expect(closedReasonOf(target.searchParams.get("closed") ?? undefined)).toBe("homework");
  });
});

describe("lessonHeading", () => {
  it("counts within the lesson's block and names it, as the outline numbers it", () => {
    const { groups } = groupLessons(modules, lessons, []);
    // The page's order is l1, l5, a, b, c: «Урок 3 из 5» for «a» would contradict the outline's «Урок 1».
    expect(lessonHeading(groups, "a")).toBe("Урок 1 из 2 · блок «Блок 1»");
    expect(lessonHeading(groups, "b")).toBe("Урок 2 из 2 · блок «Блок 1»");
    expect(lessonHeading(groups, "c")).toBe("Урок 1 из 1 · блок «Блок 2»");
  });

  it("gives loose lessons their order_index label, with «из M» only when the numbers run 1…M", () => {
    expect(lessonHeading(groupLessons(modules, lessons, []).groups, "l5")).toBe("Урок 5");
    const loose = [
      { id: "x", module_id: null, title: "Первый", order_index: 1 },
      { id: "y", module_id: null, title: "Второй", order_index: 2 },
    ];
    expect(lessonHeading(groupLessons([], loose, []).groups, "y")).toBe("Урок 2 из 2");
    expect(lessonHeading(groupLessons([], loose, []).groups, "missing")).toBeNull();
  });
});

describe("opensAt", () => {
  it("tells when a dated grant opens a lesson its access keeps closed, and nothing for a held or open one", () => {
    const access = [
      { lesson_id: "a", is_unlocked: false, is_visible: true, opens_at: "2026-12-01T07:00:00Z" },
      { lesson_id: "b", is_unlocked: true, is_visible: true, opens_at: null },
    ];
    const { sequence } = groupLessons(modules, lessons, access, ["c"]);
    expect(Object.fromEntries(sequence.map((lesson) => [lesson.id, lesson.opensAt]))).toEqual({
      l1: null,
      l5: null,
      a: "2026-12-01T07:00:00Z",
      b: null,
      c: null,
    });
  });
});
