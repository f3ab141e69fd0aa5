import { describe, expect, it } from "vitest";
import { isLinkProblem, linkProblemOf, parseEmailLink } from "./email-links";

const hash = "a".repeat(56);

describe("parseEmailLink", () => {
  it("accepts a token hash of Supabase's shape, with or without the PKCE prefix", () => {
    expect(parseEmailLink(hash, "recovery")).toEqual({ tokenHash: hash, type: "recovery" });
    expect(parseEmailLink(`pkce_${hash}`, "email")).toEqual({ tokenHash: `pkce_${hash}`, type: "email" });
  });

  it("refuses a cut, altered or typeless link", () => {
    expect(parseEmailLink(hash.slice(1), "recovery")).toBeNull();
    expect(parseEmailLink(`${hash}x`, "recovery")).toBeNull();
    expect(parseEmailLink(hash, "admin")).toBeNull();
    expect(parseEmailLink(undefined, "recovery")).toBeNull();
    expect(parseEmailLink(hash, undefined)).toBeNull();
  });
});

describe("linkProblemOf", () => {
  it("tells a used or expired link from a rate limit, an outage and a malformed request", () => {
    expect(linkProblemOf({ code: "otp_expired", status: 403 })).toBe("used-or-expired");
    expect(linkProblemOf({ code: "over_request_rate_limit", status: 429 })).toBe("too-many-attempts");
    expect(linkProblemOf({ status: 0 })).toBe("unavailable");
    expect(linkProblemOf({ code: "unexpected_failure", status: 500 })).toBe("unavailable");
    expect(linkProblemOf({ code: "validation_failed", status: 400 })).toBe("damaged");
  });

  it("recognises only its own problem names", () => {
    expect(isLinkProblem("damaged")).toBe(true);
    expect(isLinkProblem("toString")).toBe(false);
    expect(isLinkProblem(undefined)).toBe(false);
  });
});
