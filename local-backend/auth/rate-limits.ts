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

  /** take(), for a request that may name no client: then no limit applies, as in GoTrue. */
  allows(key: string | null): boolean {
    return key === null || this.take(key);
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

/** The leftmost entry of `Sb-Forwarded-For` when it is an IP address (GoTrue's sbff package), else null. */
function sbForwardedFor(request: Request): string | null {
  const forwarded = header(request, "sb-forwarded-for")?.split(",")[0]?.trim();
  return forwarded && isIP(forwarded) ? forwarded : null;
}

/**
 * Who the request comes from, for Auth: the address it reports (to the Before User Created hook)
 * and the key its per-address limits count against. As Supabase Auth (performRateLimiting): a
 * valid `Sb-Forwarded-For` when forwarding is enabled (and, as on hosted, only from the secret
 * key); else the first value of the configured rate-limit header; else no key, and then no
 * per-address limit applies at all.
 */
export function requestOrigin(
  request: Request,
  config: Pick<BackendConfig, "sbForwardedForEnabled" | "rateLimitHeader">,
  secretKeyCaller: boolean,
): { address: string; rateLimitKey: string | null } {
  const forwarded = config.sbForwardedForEnabled && secretKeyCaller ? sbForwardedFor(request) : null;
  if (forwarded) return { address: forwarded, rateLimitKey: forwarded };
  const configured = config.rateLimitHeader ? header(request, config.rateLimitHeader)?.split(",")[0]?.trim() : undefined;
  return { address: request.ip, rateLimitKey: configured || null };
}
