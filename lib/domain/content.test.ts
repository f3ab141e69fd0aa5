import { describe, expect, it } from "vitest";
import { deletionSummary } from "./content";

describe("deletionSummary", () => {
  it("names everything a tool takes with it, in Russian plural forms", () => {
    expect(deletionSummary("tool", { blocks: 3, lessons: 5, access_records: 12 })).toBe(
      "С инструментом удалятся 3 блока, 5 уроков и 12 записей доступа студентов.",
    );
    expect(deletionSummary("course_module", { blocks: 0, lessons: 1, access_records: 21 })).toBe(
      "С модулем удалятся 1 урок и 21 запись доступа студентов.",
    );
  });

  it("says when nothing else goes", () => {
    expect(deletionSummary("lesson", { blocks: 0, lessons: 0, access_records: 0 })).toBe("Больше ничего не удалится.");
    expect(deletionSummary("lesson", { blocks: 0, lessons: 0, access_records: 2 })).toBe("С уроком удалятся 2 записи доступа студентов.");
  });
});
