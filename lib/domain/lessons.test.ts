import { describe, expect, it } from "vitest";
import { closedReasonOf, groupLessons, heldLessonRedirect, lessonHeading, lockedLessonRedirect, neighbours, openLesson, type LessonVerdict } from "./lessons";
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

/** The access rule's verdict on every lesson: open and shown unless the case says otherwise. */
const verdicts = (cases: Record<string, Partial<LessonVerdict>> = {}, ids: readonly string[] = lessons.map((lesson) => lesson.id)): LessonVerdict[] =>
  ids.map((item_id) => ({ item_id, is_open: true, is_visible: true, why: "default", opens_at: null, group_names: null, held_by: null, held_by_quiz: null, ...cases[item_id] }));
const closedBy = (why: LessonVerdict["why"], more: Partial<LessonVerdict> = {}): Partial<LessonVerdict> => ({ is_open: false, why, ...more });
const hidden: Partial<LessonVerdict> = { is_open: false, is_visible: false, why: "personal" };
const heldBy = (stop: string): Partial<LessonVerdict> => closedBy("held", { held_by: stop });

describe("groupLessons", () => {
  it("puts lessons without a module in «Уроки» numbered by order_index", () => {
    const { groups } = groupLessons(modules, lessons, verdicts());
    expect(groups[0].title).toBe("Уроки");
    expect(groups[0].lessons.map((lesson) => lesson.label)).toEqual(["Урок 1", "Урок 5"]);
  });

  it("numbers lessons of each module block by position, blocks in order_index order", () => {
    const { groups } = groupLessons(modules, lessons, verdicts());
    expect(groups.slice(1).map((group) => group.title)).toEqual(["Блок 1", "Блок 2", "Пустой блок"]);
    expect(groups[1].lessons.map((lesson) => [lesson.id, lesson.label])).toEqual([
      ["a", "Урок 1"],
      ["b", "Урок 2"],
    ]);
    expect(groups[2].lessons.map((lesson) => lesson.label)).toEqual(["Урок 1"]);
    expect(groups[3].lessons).toEqual([]);
  });

  it("hides invisible lessons and renumbers the block without them", () => {
    const { groups } = groupLessons(modules, lessons, verdicts({ a: hidden }));
    expect(groups[1].lessons.map((lesson) => [lesson.id, lesson.label])).toEqual([["b", "Урок 1"]]);
  });

  it("shows what the rule shows: a closed visible lesson stays, marked locked", () => {
    const { groups } = groupLessons(modules, lessons, verdicts({ l5: closedBy("personal") }));
    const locked = groups[0].lessons.find((lesson) => lesson.id === "l5");
    expect(locked?.locked).toBe(true);
    expect(groups[0].lessons.find((lesson) => lesson.id === "l1")?.locked).toBe(false);
  });

  it("drops the «Уроки» group when every lesson is in a block", () => {
    const { groups } = groupLessons(modules, lessons.filter((lesson) => lesson.module_id), verdicts());
    expect(groups[0].title).toBe("Блок 1");
  });

  it("is empty without lessons and blocks", () => {
    expect(groupLessons([], [], []).isEmpty).toBe(true);
    expect(groupLessons(modules, [], []).isEmpty).toBe(false);
  });

  it("treats a lesson whose module is not in the tool as a loose lesson", () => {
    const { groups } = groupLessons([], [{ id: "x", module_id: "gone", title: "X", order_index: 3 }], verdicts({}, ["x"]));
    expect(groups[0]).toMatchObject({ title: "Уроки" });
    expect(groups[0].lessons[0].label).toBe("Урок 3");
  });
});

describe("neighbours", () => {
  it("follows the page's order across groups and skips locked lessons", () => {
    const { sequence } = groupLessons(modules, lessons, verdicts({ l5: closedBy("personal") }));
    expect(sequence.map((lesson) => lesson.id)).toEqual(["l1", "l5", "a", "b", "c"]);
    expect(neighbours(sequence, "l1")).toMatchObject({ previous: null, next: { id: "a" } });
    expect(neighbours(sequence, "b")).toMatchObject({ previous: { id: "a" }, next: { id: "c" } });
    expect(neighbours(sequence, "c").next).toBeNull();
    expect(neighbours(sequence, "missing")).toEqual({ previous: null, next: null });
  });
});

describe("openLesson", () => {
  it("is missing when the lesson is not in the list (another tool's, deleted or a draft), or the rule said nothing about it", () => {
    expect(openLesson(modules, lessons, verdicts(), "elsewhere")).toEqual({ status: "missing" });
    expect(openLesson(modules, lessons, verdicts({}, ["l1"]), "a")).toEqual({ status: "missing" });
  });

  it("is closed when its verdict closes or hides it, open when it opens it", () => {
    expect(openLesson(modules, lessons, verdicts({ a: closedBy("personal") }), "a")).toEqual({ status: "closed", reason: "access" });
    expect(openLesson(modules, lessons, verdicts({ a: hidden }), "a")).toEqual({ status: "closed", reason: "access" });
    expect(openLesson(modules, lessons, verdicts({ a: closedBy("parent") }), "a")).toEqual({ status: "closed", reason: "access" });
    expect(openLesson(modules, lessons, verdicts(), "a")).toMatchObject({ status: "open", lesson: { id: "a", label: "Урок 1" }, previous: { id: "l5" }, next: { id: "b" } });
  });

  it("numbers a course module's lessons (no blocks) by order_index", () => {
    const moduleLessons = [
      { id: "x", module_id: null, title: "Второй", order_index: 2 },
      { id: "y", module_id: null, title: "Первый", order_index: 1 },
    ];
    expect(openLesson([], moduleLessons, verdicts({}, ["x", "y"]), "x")).toMatchObject({ status: "open", lesson: { label: "Урок 2" }, previous: { id: "y" }, next: null });
  });
});

describe("lessons a stop-lesson holds", () => {
  const held = verdicts({ b: heldBy("a"), c: heldBy("a") });

  it("are listed as locked, with the homework as the reason", () => {
    const { sequence } = groupLessons(modules, lessons, held);
    expect(sequence.map((lesson) => [lesson.id, lesson.locked, lesson.lockReason])).toEqual([
      ["l1", false, null],
      ["l5", false, null],
      ["a", false, null],
      ["b", true, "homework"],
      ["c", true, "homework"],
    ]);
  });

  it("keep their numbers: a held lesson is closed, not hidden", () => {
    const { groups } = groupLessons(modules, lessons, held);
    expect(groups[1].lessons.map((lesson) => lesson.label)).toEqual(["Урок 1", "Урок 2"]);
  });

  it("name the access record first when one closes the lesson too", () => {
    const closedToo = verdicts({ b: closedBy("personal", { held_by: "a" }), c: heldBy("a") });
    expect(groupLessons(modules, lessons, closedToo).sequence.find((lesson) => lesson.id === "b")?.lockReason).toBe("access");
    expect(openLesson(modules, lessons, closedToo, "b")).toEqual({ status: "closed", reason: "access" });
  });

  it("close the lesson page with the homework as the reason", () => {
    expect(openLesson(modules, lessons, held, "b")).toEqual({ status: "closed", reason: "homework" });
  });

  it("are skipped as neighbours of the lessons still open", () => {
    expect(openLesson(modules, lessons, held, "a")).toMatchObject({ status: "open", previous: { id: "l5" }, next: null });
  });

  it("name the stop-lesson holding them (its quiz when it is a quiz's stop), and a group's date only as «не раньше» beside it", () => {
    const dated = verdicts({
      b: heldBy("a"),
      c: closedBy("scheduled", { group_names: ["Поток"], opens_at: "2026-11-29T07:00:00Z", held_by: "a" }),
      l5: { ...heldBy("l1"), held_by_quiz: true },
    });
    const { sequence } = groupLessons(modules, lessons, dated);
    const text = (id: string) => lockText(sequence.find((lesson) => lesson.id === id)!.causes, new Date("2026-11-25T12:00:00Z"));
    expect(text("a")).toBeNull();
    expect(text("b")).toBe("Откроется после принятия задания урока «Первый в блоке»");
    expect(text("c")).toBe("Откроется не раньше 29.11 в 10:00 МСК (группа «Поток») и после принятия задания урока «Первый в блоке»");
    expect(text("l5")).toBe("Откроется после прохождения теста урока «Вводный»");
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
    const { groups } = groupLessons(modules, lessons, verdicts());
    // The page's order is l1, l5, a, b, c: «Урок 3 из 5» for «a» would contradict the outline's «Урок 1».
    expect(lessonHeading(groups, "a")).toBe("Урок 1 из 2 · блок «Блок 1»");
    expect(lessonHeading(groups, "b")).toBe("Урок 2 из 2 · блок «Блок 1»");
    expect(lessonHeading(groups, "c")).toBe("Урок 1 из 1 · блок «Блок 2»");
  });

  it("gives loose lessons their order_index label, with «из M» only when the numbers run 1…M", () => {
    expect(lessonHeading(groupLessons(modules, lessons, verdicts()).groups, "l5")).toBe("Урок 5");
    const loose = [
      { id: "x", module_id: null, title: "Первый", order_index: 1 },
      { id: "y", module_id: null, title: "Второй", order_index: 2 },
    ];
    expect(lessonHeading(groupLessons([], loose, verdicts({}, ["x", "y"])).groups, "y")).toBe("Урок 2 из 2");
    expect(lessonHeading(groupLessons([], loose, verdicts({}, ["x", "y"])).groups, "missing")).toBeNull();
  });
});

describe("opensAt", () => {
  it("tells when a dated grant opens a lesson its access keeps closed, and nothing for a held or open one", () => {
    const dated = verdicts({ a: closedBy("scheduled", { opens_at: "2026-12-01T07:00:00Z" }), c: heldBy("a") });
    const { sequence } = groupLessons(modules, lessons, dated);
    expect(Object.fromEntries(sequence.map((lesson) => [lesson.id, lesson.opensAt]))).toEqual({
      l1: null,
      l5: null,
      a: "2026-12-01T07:00:00Z",
      b: null,
      c: null,
    });
  });
});
