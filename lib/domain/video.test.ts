import { describe, expect, it } from "vitest";
import { MAX_START_SECONDS, normalizeVideoInput, parseStartSeconds, toVideo, VIDEO_INPUT_MAX_LENGTH } from "./video";

const embed = (src: string) => ({ kind: "embed", src });

describe("toVideo", () => {
  it.each([
    ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc123", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=42", "https://www.youtube.com/embed/dQw4w9WgXcQ?start=42"],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&index=2", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s", "https://www.youtube.com/embed/dQw4w9WgXcQ?start=90"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ?feature=share", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["  https://youtu.be/dQw4w9WgXcQ  ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    [
      "https://rutube.ru/video/c6cc4d620b1d4338901770a44b3e82f4/?r=wd",
      "https://rutube.ru/play/embed/c6cc4d620b1d4338901770a44b3e82f4",
    ],
    [
      "https://rutube.ru/play/embed/c6cc4d620b1d4338901770a44b3e82f4",
      "https://rutube.ru/play/embed/c6cc4d620b1d4338901770a44b3e82f4",
    ],
    ["https://vk.com/video-22822305_456241864", "https://vkvideo.ru/video_ext.php?oid=-22822305&id=456241864"],
    ["https://vkvideo.ru/video-22822305_456241864?list=ln-abc", "https://vkvideo.ru/video_ext.php?oid=-22822305&id=456241864"],
    [
      "https://vk.com/video_ext.php?oid=-1&id=2&hash=abcdef&autoplay=1",
      "https://vkvideo.ru/video_ext.php?oid=-1&id=2&hash=abcdef",
    ],
    ["https://kinescope.io/abc123XYZ", "https://kinescope.io/embed/abc123XYZ"],
    ["https://kinescope.io/embed/abc123XYZ?t=5", "https://kinescope.io/embed/abc123XYZ"],
    ["https://vimeo.com/76979871?share=copy", "https://player.vimeo.com/video/76979871"],
    ["https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871"],
  ])("%s → %s", (url, src) => {
    expect(toVideo(url)).toMatchObject(embed(src));
  });

  it.each([
    "https://youtu.be/short",
    "https://www.youtube.com/watch?v=",
    "https://www.youtube.com/watch?v=<script>alert(1)</script>",
    "https://rutube.ru/video/not-an-id/",
    "https://vk.com/club123",
  ])("never embeds a malformed link of a known host: %s", (url) => {
    expect(toVideo(url).kind).toBe("link");
  });

  it("shows an unknown host as a plain link, never in an iframe", () => {
    expect(toVideo("https://example.com/video.mp4")).toEqual({ kind: "link", href: "https://example.com/video.mp4" });
    expect(toVideo("https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ").kind).toBe("link");
  });

  it.each([null, undefined, "", "   ", "not a url", "javascript:alert(1)", "data:text/html,<b>x</b>", "ftp://youtu.be/dQw4w9WgXcQ"])(
    "has no video for %j",
    (url) => {
      expect(toVideo(url)).toEqual({ kind: "none" });
    },
  );
});

describe("parseStartSeconds", () => {
  it.each([
    ["42", 42],
    ["42s", 42],
    ["90", 90],
    ["90s", 90],
    ["1m30s", 90],
    ["90m", 5400],
    ["2h", 7200],
    ["1h2m3s", 3723],
    ["1h2m3", 3723],
    ["0h0m1s", 1],
    ["007", 7],
    ["24h", MAX_START_SECONDS],
    ["86400", MAX_START_SECONDS],
    ["23h59m60s", MAX_START_SECONDS],
  ])("%j → %j", (value, seconds) => {
    expect(parseStartSeconds(value)).toBe(seconds);
  });

  it.each([
    // Nothing to skip.
    "0",
    "0s",
    "0h0m0s",
    // Past a day, or too long to be a time at all (3.6e+23 seconds before the fix).
    "86401",
    "24h0m1s",
    "25h",
    "1441m",
    "99999",
    "100000",
    "99999999999999999999h",
    "99999999999999999999",
    `${"9".repeat(400)}s`,
    // Not whole seconds.
    "-5",
    "-1h",
    "+5",
    "1.5",
    "1.5s",
    "1e3",
    "0x10",
    "Infinity",
    "NaN",
    // Garbage.
    "abc",
    "1h2m3s4",
    "s",
    "h",
    "1s1m",
    "1m1h",
    "1 h",
    " 90",
    "90 ",
    "１２",
    "",
    null,
  ])("has no start for %j", (value) => {
    expect(parseStartSeconds(value)).toBeNull();
  });

  it.each([
    ["t=1h2m3s", "?start=3723"],
    ["t=90", "?start=90"],
    ["t=90s", "?start=90"],
    ["start=90", "?start=90"],
    ["t=99999999999999999999h", ""],
    ["t=-5", ""],
    ["t=1e3", ""],
    ["t=%3Cscript%3E", ""],
    ["t=", ""],
  ])("embeds YouTube's %s as %j", (query, start) => {
    expect(toVideo(`https://www.youtube.com/watch?v=dQw4w9WgXcQ&${query}`)).toMatchObject(embed(`https://www.youtube.com/embed/dQw4w9WgXcQ${start}`));
  });

  it("drops a start stored before the bound when the lesson page renders it", () => {
    expect(toVideo("https://www.youtube.com/embed/dQw4w9WgXcQ?start=3.6e+23")).toMatchObject(embed("https://www.youtube.com/embed/dQw4w9WgXcQ"));
  });
});

const RUTUBE_ID = "c6cc4d620b1d4338901770a44b3e82f4";

describe("normalizeVideoInput (the course studio's video field)", () => {
  it.each([
    // YouTube
    ["https://youtu.be/dQw4w9WgXcQ?si=share", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90", "https://www.youtube.com/embed/dQw4w9WgXcQ?start=90"],
    [
      '<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?si=x" title="YouTube video player" frameborder="0" allowfullscreen></iframe>',
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
    ],
    // RuTube, public and private (?p=)
    [`https://rutube.ru/video/${RUTUBE_ID}/`, `https://rutube.ru/play/embed/${RUTUBE_ID}`],
    [`https://rutube.ru/video/private/${RUTUBE_ID}/?p=Kx9_aBc-12`, `https://rutube.ru/play/embed/${RUTUBE_ID}?p=Kx9_aBc-12`],
    [
      `<iframe width="720" height="405" src="https://rutube.ru/play/embed/${RUTUBE_ID}/?p=Kx9_aBc-12" frameBorder="0" allow="clipboard-write; autoplay" webkitAllowFullScreen mozallowfullscreen allowFullScreen></iframe>`,
      `https://rutube.ru/play/embed/${RUTUBE_ID}?p=Kx9_aBc-12`,
    ],
    // VK Video, keeping the hash of a private video
    ["https://vkvideo.ru/video-22822305_456241864", "https://vkvideo.ru/video_ext.php?oid=-22822305&id=456241864"],
    ["https://vk.com/videos-22822305?z=video-22822305_456241864%2Fpl_-22822305_-2", "https://vkvideo.ru/video_ext.php?oid=-22822305&id=456241864"],
    [
      '<iframe src="https://vk.com/video_ext.php?oid=-22822305&amp;id=456241864&amp;hash=e037414127166efe&amp;hd=2" width="853" height="480" allow="autoplay; encrypted-media; fullscreen; picture-in-picture;" frameborder="0" allowfullscreen></iframe>',
      "https://vkvideo.ru/video_ext.php?oid=-22822305&id=456241864&hash=e037414127166efe",
    ],
    // Kinescope
    ["https://kinescope.io/bq3Hd6yZ8tLmXYdeADrGs1", "https://kinescope.io/embed/bq3Hd6yZ8tLmXYdeADrGs1"],
    [
      "<iframe src='https://kinescope.io/embed/bq3Hd6yZ8tLmXYdeADrGs1' allow='autoplay; fullscreen; picture-in-picture; encrypted-media;' frameborder='0' allowfullscreen></iframe>",
      "https://kinescope.io/embed/bq3Hd6yZ8tLmXYdeADrGs1",
    ],
    // Vimeo, keeping h= of an unlisted video
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://vimeo.com/76979871/8272103f6e", "https://player.vimeo.com/video/76979871?h=8272103f6e"],
    [
      '<iframe src="https://player.vimeo.com/video/76979871?h=8272103f6e&amp;badge=0&amp;autopause=0" width="640" height="360" frameborder="0"></iframe>',
      "https://player.vimeo.com/video/76979871?h=8272103f6e",
    ],
    ['<iframe src="//player.vimeo.com/video/76979871"></iframe>', "https://player.vimeo.com/video/76979871"],
  ])("%s → %s", (input, url) => {
    expect(normalizeVideoInput(input)).toEqual({ ok: true, url });
  });

  it("stores what it produced unchanged when saved again", () => {
    for (const input of [`https://rutube.ru/video/private/${RUTUBE_ID}/?p=key`, "https://vimeo.com/76979871/8272103f6e"]) {
      const first = normalizeVideoInput(input);
      expect(first.ok && normalizeVideoInput(first.url!)).toEqual(first);
    }
  });

  it("treats an empty field as no video", () => {
    expect(normalizeVideoInput("   ")).toEqual({ ok: true, url: null });
  });

  it.each([
    "https://example.com/video.mp4",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    '<iframe src="https://evil.example/embed/1"></iframe>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe onload="alert(1)"></iframe>',
    '<script src="https://www.youtube.com/embed/dQw4w9WgXcQ"></script>',
    `https://rutube.ru/video/private/${RUTUBE_ID}/extra`,
    "https://vk.com/club123",
    "просто текст",
    `https://youtu.be/dQw4w9WgXcQ?${"a".repeat(VIDEO_INPUT_MAX_LENGTH)}`,
  ])("refuses %s with a message naming the supported hosts", (input) => {
    const result = normalizeVideoInput(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toBe("Вставьте ссылку или код видео с YouTube, RuTube, VK Видео, Kinescope или Vimeo");
  });

  it("drops a private key that could break out of the address", () => {
    expect(normalizeVideoInput(`https://rutube.ru/video/${RUTUBE_ID}/?p=a"onload="x`)).toEqual({
      ok: true,
      url: `https://rutube.ru/play/embed/${RUTUBE_ID}`,
    });
  });
});
