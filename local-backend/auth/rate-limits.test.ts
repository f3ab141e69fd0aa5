import { describe, expect, it } from "vitest";
import { EmailLimiter, TokenBucketLimiter } from "./rate-limits";

describe("TokenBucketLimiter", () => {
  it("allows a burst of 30, then refills at the configured rate per five minutes", () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(150, () => now);
    for (let index = 0; index < 30; index++) expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(false);
    expect(limiter.take("b")).toBe(true);
    now += 2_000; // 150 per 300 s: one token every 2 s
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(false);
  });

  it("forgets keys idle for an hour", () => {
    let now = 0;
    const limiter = new TokenBucketLimiter(30, () => now);
    for (let index = 0; index < 100; index++) limiter.take(`visitor-${index}`);
    expect(limiter.size).toBe(100);
    now += 3_700_000;
    limiter.take("late");
    expect(limiter.size).toBe(1);
  });
});

describe("EmailLimiter", () => {
  it("counts emails for the whole project in hourly windows", () => {
    let now = 0;
    const limiter = new EmailLimiter(2, () => now);
    expect([limiter.take(), limiter.take(), limiter.take()]).toEqual([true, true, false]);
    now += 3_600_000;
    expect(limiter.take()).toBe(true);
  });
});
