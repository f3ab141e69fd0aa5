import { timingSafeEqual } from "node:crypto";
import { deliverAllDue } from "@/lib/notifications/deliver";
import { configuredSenders } from "@/lib/notifications/senders";
import { SITE_URL } from "@/lib/site";
import { createServiceClient } from "@/lib/supabase/service";

/**
 * The worker for platforms without a long-running process: Supabase Cron calls this each minute
 * with `Authorization: Bearer $CRON_SECRET`, and Vercel Cron once a day as a fallback (it sends the
 * header by itself; Hobby allows no more). docs/deployment-cron.md has the job and the trade-offs.
 */
export const dynamic = "force-dynamic";
export const maxDuration = 60;

function authorised(request: Request, secret: string): boolean {
  const given = Buffer.from(request.headers.get("authorization") ?? "");
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

export async function GET(request: Request) {
  const secret = process.env.CRON_SECRET;
  if (!secret) return plain(404, "Не найдено");
  if (!authorised(request, secret)) return plain(401, "Нужен ключ планировщика");
  try {
    const summary = await deliverAllDue(createServiceClient(), configuredSenders(SITE_URL), { maxRounds: 10 });
    return Response.json(summary, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    console.error("[cron] notifications:", error);
    return plain(503, "Не удалось связаться с базой данных, попробуем в следующий раз");
  }
}
