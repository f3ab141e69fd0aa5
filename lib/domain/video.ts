/** Turns a lesson's video link into an embed address, or says it can only be a plain link. */

export type Video =
  | { kind: "embed"; provider: "youtube" | "rutube" | "vk" | "kinescope" | "vimeo"; src: string }
  | { kind: "link"; href: string }
  | { kind: "none" };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function parseUrl(raw: string): URL | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** YouTube's t= / start= values: 90, 90s, 1m30s, 1h2m3s. */
export function parseStartSeconds(value: string | null): number | null {
  if (!value) return null;
  const match = value.match(/^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/);
  if (!match || match[0] === "") return null;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 ? seconds : null;
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
  const id = url.pathname.match(/^\/(?:video|play\/embed|shorts)\/([a-f0-9]{32})\/?$/)?.[1];
  return id ? { kind: "embed", provider: "rutube", src: `https://rutube.ru/play/embed/${id}` } : null;
}

function vk(url: URL, host: string): Video | null {
  if (!["vk.com", "vkvideo.ru", "m.vk.com", "vk.ru"].includes(host)) return null;
  let owner: string | null = null;
  let video: string | null = null;
  const path = url.pathname.match(/^\/video(-?\d+)_(\d+)\/?$/);
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
  const id = url.pathname.match(/^\/(?:video\/)?(\d+)\/?$/)?.[1];
  return id ? { kind: "embed", provider: "vimeo", src: `https://player.vimeo.com/video/${id}` } : null;
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
