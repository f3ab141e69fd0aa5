import { describe, expect, it } from "vitest";
import { pluralRu } from "./plural";

const modules = { one: "модуль", few: "модуля", many: "модулей" };

describe("pluralRu", () => {
  it("picks the Russian form for the count", () => {
    expect(pluralRu(1, modules)).toBe("1 модуль");
    expect(pluralRu(21, modules)).toBe("21 модуль");
    expect(pluralRu(3, modules)).toBe("3 модуля");
    expect(pluralRu(5, modules)).toBe("5 модулей");
    expect(pluralRu(11, modules)).toBe("11 модулей");
    expect(pluralRu(0, modules)).toBe("0 модулей");
  });
});
