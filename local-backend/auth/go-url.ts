/**
 * What Go's `net/url.Parse` and `net.ParseIP` make of an address, as Supabase Auth (built with Go
 * 1.26) sees it when it checks a redirect. The WHATWG parser of Node and browsers is more forgiving:
 * it lowercases hosts, drops default ports, turns `\` into `/` and `127.1` or `2130706433` into
 * 127.0.0.1, so checking its result would accept addresses Supabase Auth refuses.
 *
 * Everything works on the UTF-8 bytes of the text, one character per byte, as Go's strings do.
 */

export interface GoUrl {
  /** Lowercased, as Go stores it. */
  scheme: string;
  /** `host[:port]` with escapes decoded; "" for a URL without an authority. */
  host: string;
}

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const PERCENT_ESCAPE = /%(?![0-9a-fA-F]{2})/;
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*$/;
const USERINFO = /^[a-zA-Z0-9\-._:~!$&'()*+,;=%@]*$/;
const OPTIONAL_PORT = /^(?::[0-9]*)?$/;
// The ASCII characters Go lets into a host unescaped (shouldEscape in host mode).
const HOST_ASCII = /^[a-zA-Z0-9\-_.~!$&'()*+,;=:[\]<>"]$/;
const isHostCharacter = (char: string) => HOST_ASCII.test(char) || char.charCodeAt(0) >= 0x80;

const asBytes = (text: string) => Buffer.from(text, "utf8").toString("latin1");
const hasBadEscape = (text: string) => PERCENT_ESCAPE.test(text);

/** `url.Parse`; null where Go answers an error. */
export function parseGoUrl(raw: string): GoUrl | null {
  const bytes = asBytes(raw);
  const [main, fragment] = cutAt(bytes, "#");
  if (CONTROL_CHARACTER.test(main) || (fragment !== null && hasBadEscape(fragment))) return null;
  if (main === "*") return { scheme: "", host: "" };
  const split = splitScheme(main);
  if (!split) return null;
  const scheme = split.scheme.toLowerCase();
  const rest = withoutQuery(split.rest);
  if (!rest.startsWith("/")) {
    if (scheme) return { scheme, host: "" };
    if (rest.split("/")[0].includes(":")) return null;
  }
  let host = "";
  let path = rest;
  if ((scheme || !rest.startsWith("///")) && rest.startsWith("//")) {
    const [authority, afterAuthority] = cutAt(rest.slice(2), "/");
    const parsed = parseAuthority(authority);
    if (parsed === null) return null;
    host = parsed;
    path = afterAuthority === null ? "" : `/${afterAuthority}`;
  }
  return hasBadEscape(path) ? null : { scheme, host };
}

/** `URL.Hostname()`: the host without its port and without IPv6 brackets. */
export function goHostname(url: GoUrl): string {
  const { hostname } = splitHostPort(url.host);
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}

/** `URL.Port()`: the port as written, "" when there is none. */
export const goPort = (url: GoUrl): string => splitHostPort(url.host).port;

function cutAt(text: string, separator: string): [string, string | null] {
  const index = text.indexOf(separator);
  return index < 0 ? [text, null] : [text.slice(0, index), text.slice(index + 1)];
}

/** `getScheme`: a leading `scheme:`, or none when the text does not start like one. */
function splitScheme(text: string): { scheme: string; rest: string } | null {
  const colon = text.indexOf(":");
  if (colon === 0) return null;
  if (colon > 0 && SCHEME.test(text.slice(0, colon))) return { scheme: text.slice(0, colon), rest: text.slice(colon + 1) };
  return { scheme: "", rest: text };
}

function withoutQuery(rest: string): string {
  const marks = rest.split("?").length - 1;
  if (marks === 1 && rest.endsWith("?")) return rest.slice(0, -1);
  return cutAt(rest, "?")[0];
}

function parseAuthority(authority: string): string | null {
  const at = authority.lastIndexOf("@");
  const host = parseHost(authority.slice(at + 1));
  if (at < 0 || host === null) return host;
  const userinfo = authority.slice(0, at);
  return USERINFO.test(userinfo) && !hasBadEscape(userinfo) ? host : null;
}

/** `parseHost` with Go 1.26's strict colons: an IPv6 literal must be bracketed and valid. */
function parseHost(host: string): string | null {
  const bracket = host.lastIndexOf("[");
  if (bracket > 0) return null;
  if (bracket === 0) return parseIpLiteral(host);
  const colon = host.indexOf(":");
  if (colon >= 0 && !OPTIONAL_PORT.test(host.slice(colon))) return null;
  return unescapeHost(host, "host");
}

function parseIpLiteral(host: string): string | null {
  const close = host.lastIndexOf("]");
  if (close < 0 || !OPTIONAL_PORT.test(host.slice(close + 1))) return null;
  const inside = host.slice(1, close);
  const zoneAt = inside.indexOf("%25");
  const address =
    zoneAt < 0
      ? unescapeHost(inside, "host")
      : joinOrNull(unescapeHost(inside.slice(0, zoneAt), "host"), unescapeHost(inside.slice(zoneAt), "zone"));
  if (address === null) return null;
  const ip = parseIpAddress(address);
  return ip && !ip.isIpv4 ? `[${address}]${host.slice(close + 1)}` : null;
}

const joinOrNull = (first: string | null, second: string | null) => (first === null || second === null ? null : first + second);

/** `unescape` in host or zone mode: `%XX` only for bytes >= 0x80 (and `%25`), no other odd character. */
function unescapeHost(text: string, mode: "host" | "zone"): string | null {
  let decoded = "";
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char !== "%") {
      if (!isHostCharacter(char)) return null;
      decoded += char;
      continue;
    }
    const hex = text.slice(index + 1, index + 3);
    if (!/^[0-9a-fA-F]{2}$/.test(hex)) return null;
    const byte = parseInt(hex, 16);
    const isPercent = hex === "25";
    if (mode === "host" && byte < 0x80 && !isPercent) return null;
    if (mode === "zone" && !isPercent && byte !== 0x20 && !HOST_ASCII.test(String.fromCharCode(byte))) return null;
    decoded += String.fromCharCode(byte);
    index += 2;
  }
  return decoded;
}

function splitHostPort(host: string): { hostname: string; port: string } {
  const colon = host.lastIndexOf(":");
  if (colon >= 0 && OPTIONAL_PORT.test(host.slice(colon))) return { hostname: host.slice(0, colon), port: host.slice(colon + 1) };
  return { hostname: host, port: "" };
}

interface IpAddress {
  /** The 16 bytes, an IPv4 address in its IPv4-mapped form. */
  bytes: number[];
  isIpv4: boolean;
  zone: string;
}

/** `net.ParseIP`: an address without a zone, or null. */
export function parseGoIp(text: string): number[] | null {
  const ip = parseIpAddress(text);
  return ip && !ip.zone ? ip.bytes : null;
}

/** `IP.IsLoopback`: 127.0.0.0/8 (IPv4-mapped included) or ::1. */
export function isLoopbackIp(bytes: number[]): boolean {
  const isIpv4Mapped = bytes.slice(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (isIpv4Mapped) return bytes[12] === 127;
  return bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1;
}

/** `netip.ParseAddr`: the first `.`, `:` or `%` decides the family. */
function parseIpAddress(text: string): IpAddress | null {
  const family = text.match(/[.:%]/)?.[0];
  if (family === ".") {
    const ipv4 = parseIpv4(text);
    return ipv4 && { bytes: [...Array(10).fill(0), 0xff, 0xff, ...ipv4], isIpv4: true, zone: "" };
  }
  return family === ":" ? parseIpv6(text) : null;
}

/** Four decimal fields, 0–255, without leading zeros. */
function parseIpv4(text: string): number[] | null {
  const fields = text.split(".");
  if (fields.length !== 4 || !fields.every((field) => /^(?:0|[1-9][0-9]{0,2})$/.test(field))) return null;
  const bytes = fields.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

function parseIpv6(input: string): IpAddress | null {
  const [text, zone] = cutAt(input, "%");
  if (zone === "") return null;
  const bytes: number[] = Array(16).fill(0);
  let rest = text;
  let filled = 0;
  let ellipsis = -1;
  if (rest.startsWith("::")) {
    ellipsis = 0;
    rest = rest.slice(2);
    if (!rest) return { bytes, isIpv4: false, zone: zone ?? "" };
  }
  while (filled < 16) {
    const group = rest.match(/^[0-9a-fA-F]*/)![0];
    if (group.length === 0 || group.length > 4) return null;
    if (rest[group.length] === ".") {
      const ipv4 = (ellipsis >= 0 || filled === 12) && filled + 4 <= 16 ? parseIpv4(rest) : null;
      if (!ipv4) return null;
      bytes.splice(filled, 4, ...ipv4);
      filled += 4;
      rest = "";
      break;
    }
    const value = parseInt(group, 16);
    bytes[filled] = value >> 8;
    bytes[filled + 1] = value & 0xff;
    filled += 2;
    rest = rest.slice(group.length);
    if (!rest) break;
    if (rest[0] !== ":" || rest.length === 1) return null;
    rest = rest.slice(1);
    if (rest[0] === ":") {
      if (ellipsis >= 0) return null;
      ellipsis = filled;
      rest = rest.slice(1);
      if (!rest) break;
    }
  }
  if (rest) return null;
  if (filled === 16) return ellipsis >= 0 ? null : { bytes, isIpv4: false, zone: zone ?? "" };
  if (ellipsis < 0) return null;
  const zeros = 16 - filled;
  const expanded = [...bytes.slice(0, ellipsis), ...Array(zeros).fill(0), ...bytes.slice(ellipsis, filled)];
  return { bytes: expanded, isIpv4: false, zone: zone ?? "" };
}
