import type { Reply } from "../http";
import { authError } from "./errors";

/** Supabase Auth's admin list paging (internal/api/pagination.go and sorting.go), as Go reads it. */

const UINT64_MAX = 2n ** 64n - 1n;

/** Go's strconv.ParseUint(text, 10, 64): digits only, no sign, at most 2⁶⁴ − 1. */
function parseUint(text: string): { ok: true; value: bigint } | { ok: false; error: string } {
  const quoted = JSON.stringify(text);
  if (!/^[0-9]+$/.test(text)) return { ok: false, error: `strconv.ParseUint: parsing ${quoted}: invalid syntax` };
  const value = BigInt(text);
  return value > UINT64_MAX ? { ok: false, error: `strconv.ParseUint: parsing ${quoted}: value out of range` } : { ok: true, value };
}

/** `page` (default 1) and `per_page` (default 50); an empty value is the default, anything else not a uint64 is refused. */
export function readPaging(params: URLSearchParams): { ok: true; page: bigint; perPage: bigint } | { ok: false; reply: Reply } {
  const read = (name: string, fallback: bigint) => {
    const text = params.get(name) ?? "";
    return text === "" ? ({ ok: true, value: fallback } as const) : parseUint(text);
  };
  const page = read("page", 1n);
  const perPage = page.ok ? read("per_page", 50n) : page;
  if (!page.ok || !perPage.ok) {
    const error = !page.ok ? page.error : (perPage as { error: string }).error;
    return { ok: false, reply: authError(400, "validation_failed", `Bad Pagination Parameters: ${error}`) };
  }
  return { ok: true, page: page.value, perPage: perPage.value };
}

/** `sort=created_at [asc|desc]` (the only field GoTrue allows for users), newest first by default. */
export function readSort(values: string[]): { ok: true; direction: "asc" | "desc" } | { ok: false; reply: Reply } {
  const refuse = (message: string) => ({ ok: false as const, reply: authError(400, "validation_failed", `Bad Sort Parameters: ${message}`) });
  let direction: "asc" | "desc" | null = null;
  for (const value of values) {
    const space = value.indexOf(" ");
    const [field, dir] = space === -1 ? [value, null] : [value.slice(0, space), value.slice(space + 1)];
    if (field !== "created_at") return refuse(`bad field for sort '${field}'`);
    if (dir !== null && !["ASC", "DESC"].includes(dir.toUpperCase())) {
      return refuse(`bad direction for sort '${dir}', only 'asc' and 'desc' allowed`);
    }
    direction ??= dir?.toUpperCase() === "ASC" ? "asc" : "desc";
  }
  return { ok: true, direction: direction ?? "desc" };
}

/** Go's url.QueryEscape: only letters, digits and -_.~ stay as they are, a space becomes +. */
const goQueryEscape = (text: string) =>
  encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");

/** Go's url.Values.Encode: keys sorted, each key's values in order. */
function goEncode(params: URLSearchParams): string {
  const keys = [...new Set(params.keys())].sort();
  return keys.flatMap((key) => params.getAll(key).map((value) => `${goQueryEscape(key)}=${goQueryEscape(value)}`)).join("&");
}

/**
 * addPaginationHeaders' Link: the next page while there is one, and the last, on the path
 * Supabase Auth sees (the gateway strips /auth/v1) with the request's own query.
 */
export function paginationLink(url: URL, page: bigint, perPage: bigint, total: bigint): string {
  const totalPages = total / perPage + (total % perPage > 0n ? 1n : 0n);
  const path = url.pathname.replace(/^\/auth\/v1/, "");
  const at = (target: bigint) => {
    const query = new URLSearchParams(url.searchParams);
    query.set("page", target.toString());
    return `<${path}?${goEncode(query)}>`;
  };
  const next = totalPages > page ? `${at(page + 1n)}; rel="next", ` : "";
  return `${next}${at(totalPages)}; rel="last"`;
}
