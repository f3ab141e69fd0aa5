import { describe, expect, it } from "vitest";
import { AUTH_MODES, switchKeepsEmail } from "./auth-form";

describe("a mode switch and the e-mail typed", () => {
  it("keeps it on every switch but the one back from recovery to sign-in", () => {
    const switches = AUTH_MODES.flatMap((from) => AUTH_MODES.filter((to) => to !== from).map((to) => [from, to] as const));
    const afresh = switches.filter(([from, to]) => !switchKeepsEmail(from, to)).map(([from, to]) => `${from} → ${to}`);
    expect(afresh).toEqual(["recovery → signIn"]);
  });
});
