import { describe, expect, it } from "vitest";
import { DAMAGED_LINK, parseUnsubscribeLink, unsubscribeKindLabel, unsubscribeSchema } from "./unsubscribe";

const TOKEN = "0123456789abcdef".repeat(4);

describe("parseUnsubscribeLink", () => {
  it.each([
    [{ token: TOKEN, kind: "homework_accepted" }, { token: TOKEN, kind: "homework_accepted" }],
    [{ token: TOKEN, kind: undefined }, { token: TOKEN }],
    [{ token: TOKEN, kind: "" }, { token: TOKEN }],
  ])("reads %j", (query, expected) => {
    expect(parseUnsubscribeLink(query)).toEqual(expected);
  });

  it.each([
    { token: undefined, kind: undefined },
    { token: "", kind: undefined },
    { token: "short", kind: undefined },
    { token: `${TOKEN}'--`, kind: undefined },
    { token: "x".repeat(129), kind: undefined },
    { token: [TOKEN, TOKEN], kind: undefined },
    { token: TOKEN, kind: "welcome" },
    { token: TOKEN, kind: "HOMEWORK_ACCEPTED" },
    { token: TOKEN, kind: ["homework_accepted"] },
  ])("refuses %j", (query) => {
    expect(parseUnsubscribeLink(query)).toBeNull();
  });

  it("refuses in Russian", () => {
    const parsed = unsubscribeSchema.safeParse({ token: 12345, kind: "nonsense" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([DAMAGED_LINK, DAMAGED_LINK]);
  });
});

describe("unsubscribeKindLabel", () => {
  it("names a kind as the settings do, and no kind as none", () => {
    expect(unsubscribeKindLabel("homework_returned")).toBe("Работа вернулась на доработку");
    expect(unsubscribeKindLabel(undefined)).toBeNull();
  });
});
