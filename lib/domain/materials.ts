/**
 * Lesson materials: which files a lesson may carry, how their names are kept, and how a file's
 * first bytes prove its type. The bucket (lesson-materials) holds the same list of types and the
 * same size limit, so Storage refuses what this would refuse even when asked directly.
 */

export const MATERIALS_BUCKET = "lesson-materials";
export const MATERIAL_MAX_BYTES = 50 * 1024 * 1024;
export const MATERIAL_NAME_MAX = 255;
/** How long a download or image link signed for one visitor stays valid. */
export const SIGNED_URL_SECONDS = 60;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

interface MaterialType {
  /** What the student reads in the list. */
  label: string;
  extensions: string[];
  /** The file's first bytes, or "text" for UTF-8 without NUL. */
  signature: number[] | "text" | "webp";
  image?: true;
}

export const MATERIAL_TYPES: Record<string, MaterialType> = {
  "application/pdf": { label: "PDF", extensions: ["pdf"], signature: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  "application/zip": { label: "Архив ZIP", extensions: ["zip"], signature: ZIP },
  "application/msword": { label: "Документ Word", extensions: ["doc"], signature: OLE },
  "application/vnd.ms-excel": { label: "Таблица Excel", extensions: ["xls"], signature: OLE },
  "application/vnd.ms-powerpoint": { label: "Презентация PowerPoint", extensions: ["ppt"], signature: OLE },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { label: "Документ Word", extensions: ["docx"], signature: ZIP },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { label: "Таблица Excel", extensions: ["xlsx"], signature: ZIP },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": { label: "Презентация PowerPoint", extensions: ["pptx"], signature: ZIP },
  "text/plain": { label: "Текст", extensions: ["txt", "md"], signature: "text" },
  "text/csv": { label: "Таблица CSV", extensions: ["csv"], signature: "text" },
  "image/png": { label: "Картинка PNG", extensions: ["png"], signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], image: true },
  "image/jpeg": { label: "Картинка JPEG", extensions: ["jpg", "jpeg"], signature: [0xff, 0xd8, 0xff], image: true },
  "image/gif": { label: "Картинка GIF", extensions: ["gif"], signature: [0x47, 0x49, 0x46, 0x38], image: true },
  "image/webp": { label: "Картинка WebP", extensions: ["webp"], signature: "webp", image: true },
};

export const MATERIAL_MIME_TYPES = Object.keys(MATERIAL_TYPES);
/** The file picker's `accept`: every extension a material or a homework file may have. */
export const MATERIAL_ACCEPT = MATERIAL_MIME_TYPES.flatMap((mime) => MATERIAL_TYPES[mime].extensions.map((extension) => `.${extension}`)).join(",");
export const IMAGE_MIME_TYPES = MATERIAL_MIME_TYPES.filter((mime) => MATERIAL_TYPES[mime].image);
/** How many first bytes `bytesMatchType` needs. */
export const SIGNATURE_BYTES = 512;

/** The type a file is taken for: its extension's, since browsers report some (csv, docx on Windows) inconsistently. */
export function materialTypeOf(fileName: string): string | null {
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (!extension) return null;
  return MATERIAL_MIME_TYPES.find((mime) => MATERIAL_TYPES[mime].extensions.includes(extension)) ?? null;
}

export function materialLabel(mime: string): string {
  return MATERIAL_TYPES[mime]?.label ?? "Файл";
}

// Control characters (C0, DEL, C1) and the bidirectional overrides that make «exe.pdf» read as «fdp.exe».
const FORBIDDEN_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]/;

/** Why a file name cannot be kept, in Russian; null when it can. */
export function fileNameProblem(name: string): string | null {
  if (!name.trim()) return "Укажите имя файла";
  if ([...name].length > MATERIAL_NAME_MAX) return `Имя файла — не длиннее ${MATERIAL_NAME_MAX} символов`;
  if (FORBIDDEN_IN_NAME.test(name) || name === "." || name === "..") return "Имя файла не должно содержать слеши, управляющие и невидимые символы";
  return null;
}

/** Whether a file's first bytes are what its type says (a renamed .exe is not a PDF). */
export function bytesMatchType(bytes: Uint8Array, mime: string): boolean {
  const type = MATERIAL_TYPES[mime];
  if (!type || bytes.length === 0) return false;
  if (type.signature === "text") {
    if (bytes.includes(0)) return false;
    try {
      // A multi-byte character may be cut at the end of the sample.
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, bytes.length - trailingPartialCharacter(bytes)));
      return true;
    } catch {
      return false;
    }
  }
  if (type.signature === "webp") return startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes.subarray(8), [0x57, 0x45, 0x42, 0x50]);
  return startsWith(bytes, type.signature);
}

function startsWith(bytes: Uint8Array, prefix: number[]) {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

/** How many bytes at the end start a UTF-8 character the sample cut short. */
function trailingPartialCharacter(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back];
    if ((byte & 0xc0) !== 0x80) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
      return length > back ? back : 0;
    }
  }
  return 0;
}

/** «2,4 МБ», «830 КБ», «12 байт». */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} байт`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, "КБ"] : [bytes / (1024 * 1024), "МБ"];
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${String(rounded).replace(".", ",")} ${unit}`;
}

/**
 * Where a file lives in the bucket: the lesson's folder and a fresh ASCII name with the type's
 * extension (Storage keys are ASCII; the Cyrillic name the owner gave is kept in the table).
 */
export function materialObjectPath(lessonId: string, mime: string, kind: "file" | "image" = "file"): string {
  const extension = MATERIAL_TYPES[mime].extensions[0];
  return `${lessonId}/${kind === "image" ? "images/" : ""}${crypto.randomUUID()}.${extension}`;
}

/** The lesson folder a path is in, when the path is one this app writes. */
export function isMaterialPathOf(lessonId: string, path: string): boolean {
  return new RegExp(`^${lessonId}/(images/)?[0-9a-f-]{36}\\.[a-z0-9]+$`).test(path);
}
