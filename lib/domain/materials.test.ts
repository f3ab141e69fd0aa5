import { describe, expect, it } from "vitest";
import {
  bytesMatchType,
  fileNameProblem,
  fileSizeLabel,
  isMaterialPathOf,
  materialLabel,
  materialObjectPath,
  materialTypeOf,
  MATERIAL_NAME_MAX,
} from "./materials";

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const LESSON = "3f1c0c6e-4b7a-4d55-9a52-2f0f4c1d9e11";

describe("materialTypeOf", () => {
  it("takes the type from the extension, whatever its case", () => {
    expect(materialTypeOf("Рабочая тетрадь.PDF")).toBe("application/pdf");
    expect(materialTypeOf("бюджет.xlsx")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(materialTypeOf("список.csv")).toBe("text/csv");
    expect(materialTypeOf("фото.JPEG")).toBe("image/jpeg");
  });

  it("knows no type for what a lesson may not carry", () => {
    for (const name of ["setup.exe", "page.html", "logo.svg", "script.js", "без расширения", "архив.tar.gz"]) expect(materialTypeOf(name), name).toBeNull();
  });
});

describe("fileNameProblem", () => {
  it("keeps Cyrillic names, spaces and punctuation", () => {
    expect(fileNameProblem("Шаблон лендинга (v2) — финал.fig.pdf")).toBeNull();
  });

  it("refuses slashes, dot folders, NUL, control and bidi characters, in Russian", () => {
    for (const name of ["../../etc/passwd", "a/b.pdf", "a\\b.pdf", "..", "a\u0000.pdf", "a\n.pdf", "a\u0085.pdf", "счёт\u202Efdp.exe", "a\u2066b.pdf"]) {
      expect(fileNameProblem(name), JSON.stringify(name)).toMatch(/^Имя файла не должно/);
    }
  });

  it("refuses empty names and names over the limit, counting characters, not bytes", () => {
    expect(fileNameProblem("   ")).toBe("Укажите имя файла");
    expect(fileNameProblem("я".repeat(MATERIAL_NAME_MAX))).toBeNull();
    expect(fileNameProblem("я".repeat(MATERIAL_NAME_MAX + 1))).toBe(`Имя файла — не длиннее ${MATERIAL_NAME_MAX} символов`);
    expect(fileNameProblem("a".repeat(300))).not.toBeNull();
  });
});

describe("bytesMatchType", () => {
  it("accepts files whose first bytes are their type's", () => {
    expect(bytesMatchType(text("%PDF-1.7\n"), "application/pdf")).toBe(true);
    expect(bytesMatchType(bytes(0x50, 0x4b, 0x03, 0x04, 0x14), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe(true);
    expect(bytesMatchType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), "image/png")).toBe(true);
    expect(bytesMatchType(bytes(0xff, 0xd8, 0xff, 0xe0), "image/jpeg")).toBe(true);
    expect(bytesMatchType(text("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "), "image/webp")).toBe(true);
    expect(bytesMatchType(text("имя;почта\nАня;a@example.com\n"), "text/csv")).toBe(true);
  });

  it("refuses a renamed program, an HTML page called .txt and binary called .csv", () => {
    expect(bytesMatchType(text("MZ\u0090\u0000"), "application/pdf")).toBe(false);
    expect(bytesMatchType(text("<html><script>alert(1)</script>"), "image/png")).toBe(false);
    expect(bytesMatchType(bytes(0x41, 0x00, 0x42), "text/plain")).toBe(false);
    expect(bytesMatchType(bytes(0xc3, 0x28), "text/csv")).toBe(false);
    expect(bytesMatchType(text("RIFF\u0000\u0000\u0000\u0000WAVE"), "image/webp")).toBe(false);
    expect(bytesMatchType(new Uint8Array(), "application/pdf")).toBe(false);
    expect(bytesMatchType(text("%PDF-"), "image/svg+xml")).toBe(false);
  });

  it("accepts text whose sample ends inside a Cyrillic letter", () => {
    const sample = text("привет");
    expect(bytesMatchType(sample.subarray(0, sample.length - 1), "text/plain")).toBe(true);
  });
});

describe("fileSizeLabel", () => {
  it("speaks Russian units with a decimal comma", () => {
    expect(fileSizeLabel(12)).toBe("12 байт");
    expect(fileSizeLabel(2048)).toBe("2 КБ");
    expect(fileSizeLabel(850_000)).toBe("830 КБ");
    expect(fileSizeLabel(2.4 * 1024 * 1024)).toBe("2,4 МБ");
    expect(fileSizeLabel(50 * 1024 * 1024)).toBe("50 МБ");
  });
});

describe("object paths", () => {
  it("are ASCII, in the lesson's folder, with the type's extension", () => {
    const path = materialObjectPath(LESSON, "application/pdf");
    expect(path).toMatch(new RegExp(`^${LESSON}/[0-9a-f-]{36}\\.pdf$`));
    expect(isMaterialPathOf(LESSON, path)).toBe(true);
    expect(isMaterialPathOf(LESSON, materialObjectPath(LESSON, "image/png", "image"))).toBe(true);
  });

  it("are not another lesson's, nor anything else", () => {
    const path = materialObjectPath(LESSON, "application/pdf");
    expect(isMaterialPathOf("0f1c0c6e-4b7a-4d55-9a52-2f0f4c1d9e11", path)).toBe(false);
    expect(isMaterialPathOf(LESSON, `${LESSON}/../x.pdf`)).toBe(false);
    expect(isMaterialPathOf(LESSON, `${path}/extra`)).toBe(false);
  });

  it("labels types for the student", () => {
    expect(materialLabel("application/pdf")).toBe("PDF");
    expect(materialLabel("application/x-unknown")).toBe("Файл");
  });
});
