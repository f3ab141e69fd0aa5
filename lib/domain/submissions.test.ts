import { describe, expect, it } from "vitest";
import {
  draftKey,
  homeworkObjectPath,
  homeworkProgressNote,
  homeworkWaiting,
  isHomeworkPathOf,
  latestStatus,
  mayHandIn,
  readDraft,
  SUBMISSION_STATUS_LABELS,
  type SubmissionStatus,
} from "./submissions";

const USER = "11111111-1111-4111-8111-111111111111";
const TASK = "22222222-2222-4222-8222-222222222222";
const attempts = (...statuses: SubmissionStatus[]) => statuses.map((status, index) => ({ attempt: index + 1, status }));

describe("the thread's status", () => {
  it.each([
    [[], null, true],
    [["submitted"], "submitted", false],
    [["returned"], "returned", true],
    [["returned", "submitted"], "submitted", false],
    [["returned", "returned"], "returned", true],
    [["returned", "accepted"], "accepted", false],
  ] as const)("%j: latest %s, may hand in: %s", (statuses, latest, may) => {
    expect(latestStatus(attempts(...statuses))).toBe(latest);
    expect(mayHandIn(attempts(...statuses))).toBe(may);
  });

  it("reads the latest by attempt number, whatever the order", () => {
    expect(latestStatus([{ attempt: 2, status: "submitted" }, { attempt: 1, status: "returned" }])).toBe("submitted");
  });

  it("names every status in Russian", () => {
    expect(SUBMISSION_STATUS_LABELS).toEqual({ submitted: "На проверке", returned: "Нужно доработать", accepted: "Принято" });
  });

  it("says the lesson is passed only once the work is accepted", () => {
    expect(homeworkProgressNote("accepted")).toBe("Урок пройден: работа принята");
    for (const status of [null, "submitted", "returned"] as const) expect(homeworkProgressNote(status)).toMatch(/когда куратор примет работу/);
  });
});

describe("homework files", () => {
  it("live in the student's folder for the assignment, under a fresh name with the type's extension", () => {
    const path = homeworkObjectPath(USER, TASK, "application/pdf");
    expect(path).toMatch(new RegExp(`^${USER}/${TASK}/[0-9a-f-]{36}\\.pdf$`));
    expect(homeworkObjectPath(USER, TASK, "image/jpeg")).toMatch(/\.jpg$/);
    expect(homeworkObjectPath(USER, TASK, "application/pdf")).not.toBe(path);
    expect(isHomeworkPathOf(USER, TASK, path)).toBe(true);
  });

  it.each([
    ["another student's folder", `${TASK}/${TASK}/0e0e0e0e-0000-4000-8000-000000000000.pdf`],
    ["another assignment", `${USER}/${USER}/0e0e0e0e-0000-4000-8000-000000000000.pdf`],
    ["a deeper path", `${USER}/${TASK}/x/0e0e0e0e-0000-4000-8000-000000000000.pdf`],
    ["a climb out", `${USER}/${TASK}/../0e0e0e0e-0000-4000-8000-000000000000.pdf`],
    ["a name of the student's choosing", `${USER}/${TASK}/отчёт.pdf`],
    ["no extension", `${USER}/${TASK}/0e0e0e0e-0000-4000-8000-000000000000`],
    ["nothing", ""],
  ])("refuses %s", (_case, path) => {
    expect(isHomeworkPathOf(USER, TASK, path)).toBe(false);
  });
});

describe("the draft", () => {
  it("is kept per assignment", () => {
    expect(draftKey(TASK)).toBe(`homework-draft:${TASK}`);
  });

  it.each([
    ["a draft", JSON.stringify({ answer: "Гипотеза", links: ["https://example.com"] }), { answer: "Гипотеза", links: ["https://example.com"] }],
    ["links only", JSON.stringify({ answer: "", links: ["", "https://a.ru"] }), { answer: "", links: ["", "https://a.ru"] }],
    ["nothing stored", null, null],
    ["an empty string", "", null],
    ["broken JSON", "{answer:", null],
    ["an empty draft", JSON.stringify({ answer: "  ", links: [" "] }), null],
    ["another shape", JSON.stringify({ text: "x" }), null],
    ["links that are not text", JSON.stringify({ answer: "x", links: [1] }), null],
    ["a bare value", "42", null],
    ["null", "null", null],
  ])("reads %s", (_case, stored, draft) => {
    expect(readDraft(stored)).toEqual(draft);
  });

  it("keeps no more links than a work takes", () => {
    const links = Array.from({ length: 15 }, (_, index) => `https://example.com/${index}`);
    expect(readDraft(JSON.stringify({ answer: "", links }))?.links).toHaveLength(10);
  });
});

describe("what waits on the dashboard", () => {
  it.each([
    [{ returned: 0, submitted: 0 }, []],
    [{ returned: 2, submitted: 0 }, ["2 задания на доработке"]],
    [{ returned: 1, submitted: 1 }, ["1 задание на доработке", "1 работа на проверке"]],
    [{ returned: 5, submitted: 3 }, ["5 заданий на доработке", "3 работы на проверке"]],
    [{ returned: 21, submitted: 11 }, ["21 задание на доработке", "11 работ на проверке"]],
  ])("%j", (summary, lines) => {
    expect(homeworkWaiting(summary)).toEqual(lines);
  });
});
