/** Turns a lesson's video link into an embed address, or says it can only be a plain link. */

export type Video =
  | { kind: "embed"; provider: "youtube" | "rutube" | "vk" | "kinescope" | "vimeo"; src: string }
  | { kind: "link"; href: string }
  | { kind: "none" };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const SAFE_KEY = /^[A-Za-z0-9_-]+$/;

function parseUrl(raw: string): URL | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * The latest start a link may ask for. YouTube's longest videos run 12 hours; a start past a day
 * is a broken or forged link, and the viewer expects the video from its beginning, not a player
 * told to seek to 3.6e+23 seconds (nor one clamped to its very end).
 */
export const MAX_START_SECONDS = 24 * 60 * 60;

/** YouTube's t= / start= values: 90, 90s, 1m30s, 1h2m3s; whole seconds from 1 to a day, else none. */
export function parseStartSeconds(value: string | null): number | null {
  if (!value) return null;
  // At most 5 digits a part: enough for a day in any unit (86400s), and never a float's rounding.
  const match = value.match(/^(?:(\d{1,5})h)?(?:(\d{1,5})m)?(?:(\d{1,5})s?)?$/);
  if (!match || match[0] === "") return null;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 && seconds <= MAX_START_SECONDS ? seconds : null;
}

function youtube(url: URL, host: string): Video | null {
  let id: string | undefined;
  if (host === "youtu.be") id = url.pathname.split("/")[1];
  else if (["youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com"].includes(host)) {
    const [, first, second] = url.pathname.split("/");
    if (first === "watch") id = url.searchParams.get("v") ?? undefined;
    else if (["embed", "shorts", "live", "v"].includes(first)) id = second;
  } else return null;
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = parseStartSeconds(url.searchParams.get("t") ?? url.searchParams.get("start"));
  return { kind: "embed", provider: "youtube", src: `https://www.youtube.com/embed/${id}${start ? `?start=${start}` : ""}` };
}

function rutube(url: URL, host: string): Video | null {
  if (host !== "rutube.ru") return null;
  const id = url.pathname.match(/^\/(?:video(?:\/private)?|play\/embed|shorts)\/([a-f0-9]{32})\/?$/)?.[1];
  if (!id) return null;
  // A private video plays only with its key (?p=).
  const key = url.searchParams.get("p");
  const query = key && SAFE_KEY.test(key) ? `?${new URLSearchParams({ p: key })}` : "";
  return { kind: "embed", provider: "rutube", src: `https://rutube.ru/play/embed/${id}${query}` };
}

function vk(url: URL, host: string): Video | null {
  if (!["vk.com", "vkvideo.ru", "m.vk.com", "vk.ru"].includes(host)) return null;
  let owner: string | null = null;
  let video: string | null = null;
  // vk.com/video-1_2, or a video opened over a list: vk.com/videos-1?z=video-1_2/pl_…
  const path = url.pathname.match(/^\/video(-?\d+)_(\d+)\/?$/) ?? url.searchParams.get("z")?.match(/^video(-?\d+)_(\d+)(?:\/|$)/);
  if (path) [owner, video] = [path[1], path[2]];
  else if (url.pathname === "/video_ext.php") [owner, video] = [url.searchParams.get("oid"), url.searchParams.get("id")];
  if (!owner || !video || !/^-?\d+$/.test(owner) || !/^\d+$/.test(video)) return null;
  const params = new URLSearchParams({ oid: owner, id: video });
  const hash = url.searchParams.get("hash");
  if (hash && /^[a-f0-9]+$/i.test(hash)) params.set("hash", hash);
  return { kind: "embed", provider: "vk", src: `https://vkvideo.ru/video_ext.php?${params}` };
}

function kinescope(url: URL, host: string): Video | null {
  if (host !== "kinescope.io") return null;
  const id = url.pathname.match(/^\/(?:embed\/)?([A-Za-z0-9]+)\/?$/)?.[1];
  return id ? { kind: "embed", provider: "kinescope", src: `https://kinescope.io/embed/${id}` } : null;
}

function vimeo(url: URL, host: string): Video | null {
  if (host !== "vimeo.com" && host !== "player.vimeo.com") return null;
  // An unlisted video carries its hash in the path (vimeo.com/1/abc) or as ?h=abc.
  const match = url.pathname.match(/^\/(?:video\/)?(\d+)(?:\/([a-f0-9]+))?\/?$/);
  if (!match) return null;
  const hash = match[2] ?? url.searchParams.get("h");
  const query = hash && /^[a-f0-9]+$/.test(hash) ? `?${new URLSearchParams({ h: hash })}` : "";
  return { kind: "embed", provider: "vimeo", src: `https://player.vimeo.com/video/${match[1]}${query}` };
}

export function toVideo(raw: string | null | undefined): Video {
  if (!raw || !raw.trim()) return { kind: "none" };
  const url = parseUrl(raw);
  if (!url) return { kind: "none" };
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  for (const provider of [youtube, rutube, vk, kinescope, vimeo]) {
    const video = provider(url, host);
    if (video) return video;
  }
  return { kind: "link", href: url.toString() };
}

export const SUPPORTED_VIDEO_HOSTS = "YouTube, RuTube, VK Видео, Kinescope или Vimeo";
export const VIDEO_INPUT_MAX_LENGTH = 4000;

export type VideoInput = { ok: true; url: string | null } | { ok: false; error: string };

/** The src of a pasted <iframe> embed code, with the HTML entities a player's code uses decoded. */
function iframeSource(code: string): string | null {
  const src = code.match(/<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i);
  const value = src?.[1] ?? src?.[2] ?? src?.[3];
  if (!value) return null;
  const decoded = value.replace(/&amp;/g, "&").replace(/&#0*38;/g, "&");
  return decoded.startsWith("//") ? `https:${decoded}` : decoded;
}

/**
 * What the course studio stores for a lesson's video field: a watch/share link or an embed code
 * from a supported host, turned into the player address the lesson page embeds; empty means no video.
 */
export function normalizeVideoInput(raw: string): VideoInput {
  const input = raw.trim();
  if (!input) return { ok: true, url: null };
  const unsupported: VideoInput = { ok: false, error: `Вставьте ссылку или код видео с ${SUPPORTED_VIDEO_HOSTS}` };
  if (input.length > VIDEO_INPUT_MAX_LENGTH) return unsupported;
  const address = /^<iframe\b/i.test(input) ? iframeSource(input) : input;
  if (!address) return unsupported;
  const video = toVideo(address);
  return video.kind === "embed" ? { ok: true, url: video.src } : unsupported;
}
