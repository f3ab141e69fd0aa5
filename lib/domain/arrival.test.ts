import { describe, expect, it } from "vitest";
import { arrivalOf, arrivalPath, arrivalSignsOut } from "./arrival";

describe("arrivalPath", () => {
  it("names the arrival's toast after the page's own query, if it has one", () => {
    expect(arrivalPath("signed-in")).toBe("/dashboard?welcome=signed-in");
    expect(arrivalPath("signed-up", "/courses/tech/checkout")).toBe("/courses/tech/checkout?welcome=signed-up");
    expect(arrivalPath("signed-in", "/courses/tech/checkout?code=VESNA")).toBe("/courses/tech/checkout?code=VESNA&welcome=signed-in");
    expect(arrivalOf("signed-in")).toBe("signed-in");
    expect(arrivalOf("toString")).toBeNull();
  });
});

describe("arrivalSignsOut", () => {
  it("is the sign-out's and the deleted account's alone", () => {
    expect(arrivalSignsOut("signed-out")).toBe(true);
    expect(arrivalSignsOut("account-deleted")).toBe(true);
    expect(arrivalSignsOut("signed-in")).toBe(false);
    expect(arrivalSignsOut("new-password")).toBe(false);
  });
});
