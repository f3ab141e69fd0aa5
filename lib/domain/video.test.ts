import { describe, expect, it } from "vitest";
import { parseStartSeconds, toVideo } from "./video";

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
    ["1m30s", 90],
    ["1h2m3s", 3723],
    ["0", null],
    ["abc", null],
    ["", null],
    [null, null],
  ])("%j → %j", (value, seconds) => {
    expect(parseStartSeconds(value)).toBe(seconds);
  });
});
