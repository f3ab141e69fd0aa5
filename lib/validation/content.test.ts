import { describe, expect, it } from "vitest";
import { DRAFT_TITLE, LESSON_BODY_MAX, lessonBodyPreviewSchema, lessonDraftValues, lessonSchema } from "./content";

const lesson = {
  parent: "tool:a0000000-0000-4000-8000-000000000001",
  title: "Урок",
  description: "",
  video: "",
  is_published: true,
};
const TOO_LONG = "Текст урока — не длиннее 100 000 символов";

describe("lessonSchema: body_md", () => {
  it.each([
    ["", ""],
    ["# Заголовок\n\n    код с отступом\n", "# Заголовок\n\n    код с отступом\n"],
    ["  пробелы по краям  ", "  пробелы по краям  "],
    ["я".repeat(LESSON_BODY_MAX), "я".repeat(LESSON_BODY_MAX)],
  ])("keeps the body as typed: %#", (body, saved) => {
    expect(lessonSchema.parse({ ...lesson, body_md: body }).body_md).toBe(saved);
  });

  it("leaves the body out when it is not sent", () => {
    const parsed = lessonSchema.parse(lesson);
    expect(parsed.body_md).toBeUndefined();
    expect("body_md" in parsed).toBe(false);
  });

  it("refuses a body over 100 000 characters, in Russian, on its field", () => {
    const issues = lessonSchema.safeParse({ ...lesson, body_md: "a".repeat(LESSON_BODY_MAX + 1) }).error?.issues;
    expect(issues).toEqual([expect.objectContaining({ path: ["body_md"], message: TOO_LONG })]);
  });

  it.each([42, null, ["текст"], { text: "x" }])("refuses a body that is not text: %j", (body) => {
    expect(lessonSchema.safeParse({ ...lesson, body_md: body }).error?.issues[0]).toMatchObject({ path: ["body_md"], message: "Нужен текст" });
  });
});

describe("lessonBodyPreviewSchema", () => {
  it("takes any body up to the limit, empty included", () => {
    expect(lessonBodyPreviewSchema.parse({ body_md: "" })).toEqual({ body_md: "" });
    expect(lessonBodyPreviewSchema.parse({ body_md: "x".repeat(LESSON_BODY_MAX) }).body_md).toHaveLength(LESSON_BODY_MAX);
  });

  it.each([
    [{}, "Заполните обязательное поле"],
    [{ body_md: 1 }, "Нужен текст"],
    [{ body_md: "x".repeat(LESSON_BODY_MAX + 1) }, TOO_LONG],
  ])("refuses %#", (input, message) => {
    expect(lessonBodyPreviewSchema.safeParse(input).error?.issues[0].message).toBe(message);
  });
});

describe("lessonDraftValues", () => {
  const typed = { ...lesson, id: undefined, title: "Мой урок", description: "Коротко", video: "https://youtu.be/aaaaaaaaaaa", body_md: "# Шаги" };

  it("keeps what the form holds, as an unpublished new lesson the schema takes", () => {
    const draft = lessonDraftValues(typed);
    expect(draft).toEqual({ parent: lesson.parent, title: "Мой урок", description: "Коротко", video: typed.video, body_md: "# Шаги", is_published: false });
    expect("id" in draft).toBe(false);
    expect(lessonSchema.safeParse(draft).success).toBe(true);
  });

  it("puts in what the form would refuse yet as empty, and an untitled lesson as «Новый урок»", () => {
    const draft = lessonDraftValues({ ...typed, title: "   ", video: "https://example.com/lesson.mp4", description: "д".repeat(20_001), body_md: "a".repeat(LESSON_BODY_MAX + 1) });
    expect(draft).toEqual({ parent: lesson.parent, title: DRAFT_TITLE, description: "", video: "", body_md: "", is_published: false });
    expect(lessonSchema.safeParse(draft).success).toBe(true);
  });
});
