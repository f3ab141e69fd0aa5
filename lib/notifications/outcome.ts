/** What sending one message on a channel came to; the worker records it (lib/notifications/deliver.ts). */
export type DeliveryOutcome =
  | { ok: true }
  | {
      ok: false;
      /** Sending the same message again cannot succeed (a refused address, a blocked bot). */
      permanent: boolean;
      /** The channel's own flood control: not before then. */
      retryAfterSeconds?: number;
      error: string;
    };
