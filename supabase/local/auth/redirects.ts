import type { BackendConfig } from "../config";

const LOCALHOST_NAMES = new Set(["localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0", "::", "[::]"]);
const isLocalhost = (hostname: string) => LOCALHOST_NAMES.has(hostname) || hostname.endsWith(".localhost");
const isLoopbackIp = (hostname: string) => /^127(?:\.\d{1,3}){3}$/.test(hostname) || hostname === "[::1]";
const HOSTNAME = /^[a-zA-Z0-9](?:[a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * A glob of the redirect allow list, with GoTrue's rules (gobwas/glob with `.` and `/` as
 * separators): `*` and `?` stop at separators, `**` does not, `[a-z]`/`[!a-z]`, `{a,b}`, `\x`.
 */
export function globToRegExp(glob: string): RegExp {
  let pattern = "";
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index];
    if (char === "*" && glob[index + 1] === "*") {
      pattern += ".*";
      index++;
    } else if (char === "*") pattern += "[^./]*";
    else if (char === "?") pattern += "[^./]";
    else if (char === "\\" && index + 1 < glob.length) pattern += escape(glob[++index]);
    else if (char === "[") {
      const end = glob.indexOf("]", index + 1);
      if (end === -1) pattern += "\\[";
      else {
        const body = glob.slice(index + 1, end);
        pattern += body.startsWith("!") ? `[^${body.slice(1)}]` : `[${body}]`;
        index = end;
      }
    } else if (char === "{") {
      const end = glob.indexOf("}", index + 1);
      if (end === -1) pattern += "\\{";
      else {
        pattern += `(?:${glob.slice(index + 1, end).split(",").map(escapeAll).join("|")})`;
        index = end;
      }
    } else pattern += escape(char);
  }
  return new RegExp(`^${pattern}$`);
}

const escape = (char: string) => char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const escapeAll = (text: string) => [...text].map(escape).join("");

/**
 * Whether Supabase Auth would send a person to `target`: the site's own scheme and host (any
 * port on localhost), a loopback IP, or a match of the allow list. The parsed host is compared,
 * never a string prefix, so `https://site@evil.example` is evil.example; user-info and control
 * characters are refused outright.
 */
export function isRedirectAllowed(config: BackendConfig, target: string): boolean {
  if (!target || CONTROL_CHARACTERS.test(target) || target.includes("\\")) return false;
  let url: URL;
  let site: URL;
  try {
    url = new URL(target);
    site = new URL(config.siteUrl);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const samePort = url.port === site.port || isLocalhost(url.hostname);
  if (url.hostname === site.hostname && url.protocol === site.protocol && samePort) return true;
  // The host as written: the URL parser turns a decimal host (2130706433) into dotted form.
  const rawHost = target.match(/^[a-z][a-z\d+.-]*:\/\/([^/?#:]*)/i)?.[1] ?? "";
  if (/^[0-9]+$/.test(rawHost)) return false;
  if (/^[\d.]+$/.test(url.hostname) || url.hostname.startsWith("[")) return isLoopbackIp(url.hostname);
  if ((url.protocol === "http:" || url.protocol === "https:") && !HOSTNAME.test(url.hostname)) return false;
  const withoutFragment = target.split("#")[0];
  return config.additionalRedirectUrls.some((allowed) => globToRegExp(allowed).test(withoutFragment));
}

/** The redirect Supabase Auth uses: the requested one when allowed, else the site URL. */
export function redirectTarget(config: BackendConfig, requested: string | null | undefined): string {
  return requested && isRedirectAllowed(config, requested) ? requested : config.siteUrl;
}
