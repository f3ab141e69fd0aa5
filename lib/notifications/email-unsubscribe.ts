import "server-only";
import { dataClientFor } from "@/lib/supabase/session";
import type { UnsubscribeKind } from "@/lib/validation/unsubscribe";

/**
 * The unsubscribe link's two database calls, for the page, its action and the one-click endpoint.
 * The token is the credential: they run as nobody (the functions are granted to anon), whoever is
 * signed in in this browser, and with no service key in the request path.
 */

export type UnsubscribeTarget = { found: true; email: string } | { found: false; unavailable: boolean };

export async function findUnsubscribeTarget(token: string): Promise<UnsubscribeTarget> {
  try {
    const { data, error } = await dataClientFor(null).rpc("unsubscribe_target", { _token: token });
    if (error) {
      console.error("unsubscribe_target failed:", error.message);
      return { found: false, unavailable: true };
    }
    const email = typeof data === "object" && data !== null && !Array.isArray(data) ? data.email : undefined;
    return typeof email === "string" ? { found: true, email } : { found: false, unavailable: false };
  } catch (thrown) {
    console.error("unsubscribe_target failed:", thrown);
    return { found: false, unavailable: true };
  }
}

/** Turns the kind (or, without one, every kind) off for e-mail. */
export async function unsubscribeEmail(token: string, kind: UnsubscribeKind | undefined): Promise<"done" | "unknown" | "unavailable"> {
  try {
    const { data, error } = await dataClientFor(null).rpc("unsubscribe_email", kind ? { _token: token, _kind: kind } : { _token: token });
    if (error) {
      console.error("unsubscribe_email failed:", error.message);
      return "unavailable";
    }
    return data ? "done" : "unknown";
  } catch (thrown) {
    console.error("unsubscribe_email failed:", thrown);
    return "unavailable";
  }
}
