import { readFile } from "node:fs/promises";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";
import { certificateDate, certificateSubject } from "@/lib/domain/certificates";

/**
 * A certificate as a PDF: A4 landscape, Inter (Cyrillic) embedded whole, the school's name and
 * details, the student's name, what was completed, the date, the code and a QR code of the
 * verification page. pdf-lib is pure JavaScript (no native parts, no network); the QR code's modules
 * are drawn as squares, so nothing is rasterised.
 */

export interface CertificatePdfInput {
  code: string;
  fullName: string;
  kind: string;
  title: string;
  issuedAt: string;
  revoked: boolean;
  verifyUrl: string;
  schoolName: string;
  /** The operator's details and contacts, one line each (lib/school.ts); may be empty. */
  schoolDetails: string[];
}

const FONT_DIR = path.join(process.cwd(), "node_modules/@expo-google-fonts/inter");
const REGULAR = path.join(FONT_DIR, "400Regular/Inter_400Regular.ttf");
const BOLD = path.join(FONT_DIR, "700Bold/Inter_700Bold.ttf");

let fonts: Promise<[Uint8Array, Uint8Array]> | null = null;
const fontBytes = () => (fonts ??= Promise.all([readFile(REGULAR), readFile(BOLD)]));

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const INK = rgb(0.1, 0.12, 0.17);
const MUTED = rgb(0.38, 0.4, 0.45);
const ACCENT = rgb(0.16, 0.33, 0.78);
const WARNING = rgb(0.75, 0.1, 0.1);

/** The largest size up to `size` at which the text fits `width`. */
function fitted(font: PDFFont, text: string, size: number, width: number): number {
  const natural = font.widthOfTextAtSize(text, size);
  return natural <= width ? size : Math.max(8, Math.floor((size * width) / natural));
}

function centered(page: PDFPage, text: string, font: PDFFont, size: number, y: number, color = INK) {
  const [pageWidth] = A4_LANDSCAPE;
  const fit = fitted(font, text, size, pageWidth - 120);
  page.drawText(text, { x: (pageWidth - font.widthOfTextAtSize(text, fit)) / 2, y, size: fit, font, color });
}

function drawQr(page: PDFPage, url: string, x: number, y: number, side: number) {
  const qr = QRCode.create(url, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const quiet = 2;
  const cell = side / (count + quiet * 2);
  page.drawRectangle({ x, y, width: side, height: side, color: rgb(1, 1, 1) });
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (!qr.modules.get(row, column)) continue;
      page.drawRectangle({
        x: x + (column + quiet) * cell,
        y: y + side - (row + quiet + 1) * cell,
        width: cell,
        height: cell,
        color: INK,
      });
    }
  }
}

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await fontBytes();
  // Whole fonts (~370 kB a PDF): @pdf-lib/fontkit's subsets of Inter lost most glyphs when drawn
  // (the text still extracted, so only a rendered page shows it).
  const regular = await pdf.embedFont(regularBytes, { subset: false });
  const bold = await pdf.embedFont(boldBytes, { subset: false });
  pdf.setTitle(`Сертификат ${input.code} — ${input.fullName}`);
  pdf.setAuthor(input.schoolName);
  pdf.setSubject(certificateSubject(input.kind, input.title));
  pdf.setLanguage("ru-RU");

  const page = pdf.addPage(A4_LANDSCAPE);
  const [width, height] = A4_LANDSCAPE;
  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: ACCENT, borderWidth: 2 });
  page.drawRectangle({ x: 32, y: 32, width: width - 64, height: height - 64, borderColor: ACCENT, borderWidth: 0.5 });

  centered(page, input.schoolName, bold, 18, height - 90, ACCENT);
  centered(page, "СЕРТИФИКАТ", bold, 44, height - 160);
  centered(page, "Настоящим подтверждается, что", regular, 15, height - 205, MUTED);
  centered(page, input.fullName, bold, 32, height - 255);
  centered(page, "успешно прошёл(а) все уроки и задания и завершил(а)", regular, 15, height - 295, MUTED);
  centered(page, certificateSubject(input.kind, input.title), bold, 22, height - 330);
  centered(page, `Дата выдачи: ${certificateDate(input.issuedAt)}`, regular, 14, height - 372);
  if (input.revoked) centered(page, "Сертификат отозван", bold, 18, height - 402, WARNING);

  const qrSide = 112;
  drawQr(page, input.verifyUrl, width - 64 - qrSide, 56, qrSide);
  const left = 64;
  page.drawText(`Код сертификата: ${input.code}`, { x: left, y: 150, size: 13, font: bold, color: INK });
  page.drawText("Проверить подлинность:", { x: left, y: 130, size: 10, font: regular, color: MUTED });
  page.drawText(input.verifyUrl, { x: left, y: 116, size: fitted(regular, input.verifyUrl, 10, width - 200 - left), font: regular, color: ACCENT });
  input.schoolDetails.slice(0, 3).forEach((line, index) => {
    page.drawText(line, { x: left, y: 88 - index * 14, size: fitted(regular, line, 9, width - 200 - left), font: regular, color: MUTED });
  });

  return pdf.save();
}
