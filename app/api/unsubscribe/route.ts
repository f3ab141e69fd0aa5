import { unsubscribeEmail } from "@/lib/notifications/email-unsubscribe";
import { DAMAGED_LINK, parseUnsubscribeLink, UNKNOWN_LINK } from "@/lib/validation/unsubscribe";

/**
 * One-click unsubscribe (RFC 8058): a mail client POSTs `List-Unsubscribe=One-Click` to the
 * List-Unsubscribe address, with no cookies and no page to confirm on. The token and the kind are
 * in the query. Answers in plain Russian text, and never a 500: a mail provider that sees errors
 * may stop offering the button.
 */

const MALFORMED = "Некорректный запрос отписки";

const answer = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers } });

/** The body's one field is a few bytes: nothing larger is read. */
const BODY_LIMIT = 8 * 1024;

/** The body says One-Click, form-encoded or multipart (RFC 8058 allows both). */
async function isOneClick(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return false;
  if (Number(request.headers.get("content-length") ?? 0) > BODY_LIMIT) return false;
  try {
    const form = await request.formData();
    return form.get("List-Unsubscribe") === "One-Click";
  } catch {
    return false;
  }
}

export async function POST(request: Request) {
  const query = new URL(request.url).searchParams;
  const link = parseUnsubscribeLink({ token: query.get("token"), kind: query.get("kind") ?? undefined });
  if (!link || query.getAll("token").length > 1 || query.getAll("kind").length > 1) return answer(400, DAMAGED_LINK);
  if (!(await isOneClick(request))) return answer(400, MALFORMED);
  const result = await unsubscribeEmail(link.token, link.kind);
  if (result === "unknown") return answer(404, UNKNOWN_LINK);
  if (result === "unavailable") return answer(503, "Сервис временно недоступен, попробуйте позже", { "retry-after": "60" });
  return answer(200, link.kind ? "Готово: такие письма больше не придут." : "Готово: письма школы больше не придут.");
}

/** A link scanner's GET must change nothing: the page at /unsubscribe asks first. */
export function GET() {
  return answer(405, "Этот адрес отписывает только по запросу почтовой программы. Чтобы отписаться самому, откройте ссылку «Отписаться» в письме.", {
    allow: "POST",
  });
}
