/**
 * Certificates as people read them: the code's form (Crockford's base32 in three groups of four,
 * migration 20261128009510), what was completed, and the addresses of a certificate.
 * Pure: the pages, the PDF and the notification texts share it.
 */

export type CertificateKind = "tool" | "module" | "track";

const SYMBOLS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A code as someone typed or dictated it, in its stored form: case, spaces and dashes do not
 * matter, and the letters Crockford's alphabet leaves out read as the digits they look like
 * (O → 0, I and L → 1). Null when it cannot be a code.
 */
export function normalizeCertificateCode(input: string): string | null {
  const plain = input
    .toUpperCase()
    .replace(/[\s\-–—_.]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (plain.length !== 12 || [...plain].some((symbol) => !SYMBOLS.includes(symbol))) return null;
  return `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8)}`;
}

/** «инструмент «Lovable»», «модуль «Идея и проверка»», «трек Tech Founder». */
export function certificateSubject(kind: string, title: string): string {
  if (kind === "tool") return `инструмент «${title}»`;
  if (kind === "module") return `модуль «${title}»`;
  return `трек ${title}`;
}

export const certificatePath = (code: string) => `/certificates/${encodeURIComponent(code)}`;
export const certificatePdfPath = (code: string) => `${certificatePath(code)}/pdf`;
export const certificateUrl = (siteUrl: string, code: string) => `${siteUrl.replace(/\/+$/, "")}${certificatePath(code)}`;

/** A PDF's file name: ASCII, so every browser keeps it. */
export const certificateFileName = (code: string) => `certificate-${code}.pdf`;
