import { isIP } from "node:net";
import type { BackendConfig } from "../config";
import { header, type Request } from "../http";

const FIVE_MINUTES_MS = 300_000;
const BURST = 30;
const IDLE_KEY_TTL_MS = 3_600_000;

/**
 * GoTrue's per-address limiter (tollbooth): a token bucket per key that holds at most 30
 * requests and refills `perFiveMinutes` every five minutes. Keys idle for an hour are forgotten.
 */
export class TokenBucketLimiter {
  private buckets = new Map<string, { tokens: number; updatedAt: number }>();
  private lastSweep: number;

  constructor(
    private readonly perFiveMinutes: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
  }

  /** Takes one token for the key; false when the bucket is empty. */
  take(key: string): boolean {
    const now = this.now();
    this.sweep(now);
    const capacity = Math.min(BURST, Math.max(1, this.perFiveMinutes));
    const bucket = this.buckets.get(key) ?? { tokens: capacity, updatedAt: now };
    const refill = ((now - bucket.updatedAt) / FIVE_MINUTES_MS) * this.perFiveMinutes;
    bucket.tokens = Math.min(capacity, bucket.tokens + refill);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  get size() {
    return this.buckets.size;
  }

  private sweep(now: number) {
    if (now - this.lastSweep < IDLE_KEY_TTL_MS / 4) return;
    this.lastSweep = now;
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.updatedAt > IDLE_KEY_TTL_MS) this.buckets.delete(key);
    }
  }
}

/**
 * GoTrue's project-wide email limit: a fixed window of one hour for the whole project, charged
 * only when an email is really about to be sent.
 */
export class EmailLimiter {
  private windowStart: number;
  private sent = 0;

  constructor(
    private readonly perHour: number,
    private readonly now: () => number = Date.now,
  ) {
    this.windowStart = now();
  }

  take(): boolean {
    const now = this.now();
    if (now - this.windowStart >= 3_600_000) {
      this.windowStart = now;
      this.sent = 0;
    }
    if (this.sent >= this.perHour) return false;
    this.sent += 1;
    return true;
  }
}

export interface AuthLimiters {
  token: TokenBucketLimiter;
  signUp: TokenBucketLimiter;
  recover: TokenBucketLimiter;
  otp: TokenBucketLimiter;
  /** PUT /user, at RATE_LIMIT_OTP's rate as in GoTrue. */
  user: TokenBucketLimiter;
  verify: TokenBucketLimiter;
  email: EmailLimiter;
}

/** One limiter per endpoint, as GoTrue has (the sign-in shares /token's, as in GoTrue). */
export function createLimiters(limits: BackendConfig["rateLimits"]): AuthLimiters {
  return {
    token: new TokenBucketLimiter(limits.tokenRefresh),
    signUp: new TokenBucketLimiter(limits.signInSignUps),
    recover: new TokenBucketLimiter(limits.signInSignUps),
    otp: new TokenBucketLimiter(limits.signInSignUps),
    user: new TokenBucketLimiter(limits.signInSignUps),
    verify: new TokenBucketLimiter(limits.tokenVerifications),
    email: new EmailLimiter(limits.emailSent),
  };
}

/**
 * The address a request's limits count against. A caller holding the secret key may name its
 * client in `Sb-Forwarded-For` (the leftmost entry, which must be an IP; anything else is
 * ignored); otherwise the configured header of a trusted proxy; otherwise the socket.
 */
export function clientAddress(request: Request, config: BackendConfig, secretKeyCaller: boolean): string {
  if (config.sbForwardedForEnabled && secretKeyCaller) {
    const forwarded = header(request, "sb-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded && isIP(forwarded)) return forwarded;
  }
  if (config.rateLimitHeader) {
    const value = header(request, config.rateLimitHeader)?.split(",")[0]?.trim();
    if (value) return value;
  }
  return request.ip;
}
