import { describe, expect, it } from "vitest";
import { StorageError } from "./errors";
import { isValidBucketName, isValidKey, maxFileSize, mustBeAllowedMimeType, mustBeNewBucketName, mustBeValidMimeTypes, parseFileSize } from "./rules";

const codeOf = (run: () => void): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof StorageError ? error.code : String(error);
  }
};

describe("object keys, as Storage's isValidKey (plus the file backend's dot segments)", () => {
  it.each([
    ["lessons/1/notes.pdf", true],
    ["a b (1).txt", true],
    ["a..b/c...txt", true],
    ["!*'()&$=@;:+,?-_.txt", true],
    ["", false],
    ["файл.txt", false],
    ["naïve.txt", false],
    ["a\\b.txt", false],
    ["tab\t.txt", false],
    ["../x", false],
    ["a/../x", false],
    ["./x", false],
    ["a/.", false],
    ["..", false],
  ])("%j is %s", (key, valid) => {
    expect(isValidKey(key)).toBe(valid);
  });
});

describe("bucket names", () => {
  it.each([
    ["lesson-files", true],
    ["a.b", true],
    ["..", true],
    ["a/b", false],
    ["", false],
    ["x".repeat(100), true],
    ["x".repeat(101), false],
    ["урок", false],
  ])("%j is %s", (name, valid) => {
    expect(isValidBucketName(name)).toBe(valid);
  });

  it("refuses surrounding spaces and the analytics suffix for a new bucket", () => {
    expect(codeOf(() => mustBeNewBucketName(" a"))).toBe("InvalidBucketName");
    expect(codeOf(() => mustBeNewBucketName("a--table-s3"))).toBe("InvalidBucketName");
    expect(codeOf(() => mustBeNewBucketName("files"))).toBeNull();
  });
});

describe("content types", () => {
  it.each([
    ["image/png", ["image/png"], true],
    ["image/png", ["image/*"], true],
    ["image/svg+xml", ["image/*"], true],
    ["text/plain", ["image/*"], false],
    ["text/plain;charset=UTF-8", ["text/plain"], false],
    ["text/plain;charset=UTF-8", ["text/plain;charset=UTF-8"], true],
    ["png", ["image/png"], false],
  ])("%s against %j: %s", (type, allowed, ok) => {
    expect(codeOf(() => mustBeAllowedMimeType(type, allowed))).toBe(ok ? null : "InvalidMimeType");
  });

  it("accepts a bucket's list of types, wildcards and charsets, and nothing else", () => {
    expect(codeOf(() => mustBeValidMimeTypes(["image/*", "application/pdf", "text/plain; charset=utf-8", "*"]))).toBeNull();
    expect(codeOf(() => mustBeValidMimeTypes(["image"]))).toBe("InvalidMimeType");
    expect(codeOf(() => mustBeValidMimeTypes(["image/png, image/jpeg"]))).toBe("InvalidMimeType");
  });
});

describe("sizes", () => {
  it.each([
    ["3B", 3],
    ["30KB", 30_000],
    ["20mb", 20_000_000],
    ["1.5GB", 1_500_000_000],
    ["1.2345MB", 1_230_000],
  ])("%s is %d bytes (decimal units, three significant digits)", (text, bytes) => {
    expect(parseFileSize(text)).toBe(bytes);
  });

  it("refuses anything else", () => {
    for (const text of ["", "5", "5 MB", "5MiB", "-1MB"]) expect(codeOf(() => parseFileSize(text))).toBe("InvalidRequest");
  });

  it("takes the smaller of the bucket's and the project's limit, and 0 for a folder placeholder", () => {
    expect(maxFileSize("a.txt", null, 100)).toBe(100);
    expect(maxFileSize("a.txt", 10, 100)).toBe(10);
    expect(maxFileSize("a.txt", 1000, 100)).toBe(100);
    expect(maxFileSize("docs/.emptyFolderPlaceholder", null, 100)).toBe(0);
  });
});
