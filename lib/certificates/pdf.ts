import { readFile } from "node:fs/promises";
import path from "node:path";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { certificateSubject } from "@/lib/domain/certificates";
import { formatMoscowDate } from "@/lib/domain/dates";

/**
 * A certificate as a PDF: A4 landscape, Inter (Cyrillic) embedded as a subset, the school's name and
 * details, the student's name, what was completed, the date, the code and a QR code of the
 * verification page. PDFKit is maintained, pure JavaScript (no native parts, no network) and
 * subsets fonts with fontkit, its authors' own library; the QR code's modules are drawn as squares,
 * so nothing is rasterised.
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

let fonts: Promise<[Buffer, Buffer]> | null = null;
const fontBytes = () => (fonts ??= Promise.all([readFile(REGULAR), readFile(BOLD)]));

const [WIDTH, HEIGHT] = [841.89, 595.28];
const INK = "#1a1f2b";
const MUTED = "#61666f";
const ACCENT = "#2954c7";
const WARNING = "#bf1a1a";

type Document = PDFKit.PDFDocument;

/** The largest size up to `size` at which the text fits `width` in the document's current font. */
function fitted(doc: Document, text: string, size: number, width: number): number {
  const natural = doc.fontSize(size).widthOfString(text);
  return natural <= width ? size : Math.max(8, Math.floor((size * width) / natural));
}

/** One line centred on the page, its top at `top`, shrunk to fit between the margins. */
function centered(doc: Document, text: string, font: "regular" | "bold", size: number, top: number, color = INK) {
  doc.font(font);
  doc.fontSize(fitted(doc, text, size, WIDTH - 120)).fillColor(color).text(text, 60, top, { width: WIDTH - 120, align: "center", lineBreak: false });
}

/** One line from `left`, shrunk to fit `width`. */
function line(doc: Document, text: string, font: "regular" | "bold", size: number, left: number, top: number, width: number, color: string) {
  doc.font(font);
  doc.fontSize(fitted(doc, text, size, width)).fillColor(color).text(text, left, top, { lineBreak: false });
}

function drawQr(doc: Document, url: string, x: number, y: number, side: number) {
  const qr = QRCode.create(url, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const quiet = 2;
  const cell = side / (count + quiet * 2);
  doc.rect(x, y, side, side).fill("#ffffff");
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (qr.modules.get(row, column)) doc.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill(INK);
}

/** Ends the document and answers its bytes once PDFKit has written them all. */
function bytesOf(doc: Document): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const [regular, bold] = await fontBytes();
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    // PDFKit opens with Helvetica from its own data files unless told otherwise: Inter from the start.
    font: REGULAR,
    lang: "ru-RU",
    displayTitle: true,
    // Creator and Producer would otherwise read «PDFKit» in a reader's document properties.
    info: {
      Title: `Сертификат ${input.code} — ${input.fullName}`,
      Author: input.schoolName,
      Subject: certificateSubject(input.kind, input.title),
      Creator: input.schoolName,
      Producer: input.schoolName,
    },
  });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);

  doc.lineWidth(2).strokeColor(ACCENT).rect(24, 24, WIDTH - 48, HEIGHT - 48).stroke();
  doc.lineWidth(0.5).rect(32, 32, WIDTH - 64, HEIGHT - 64).stroke();

  centered(doc, input.schoolName, "bold", 18, 72, ACCENT);
  centered(doc, "СЕРТИФИКАТ", "bold", 44, 120);
  centered(doc, "Настоящим подтверждается, что", "regular", 15, 190, MUTED);
  centered(doc, input.fullName, "bold", 32, 228);
  centered(doc, "успешно прошёл(а) все уроки и задания и завершил(а)", "regular", 15, 285, MUTED);
  centered(doc, certificateSubject(input.kind, input.title), "bold", 22, 316);
  centered(doc, `Дата выдачи: ${formatMoscowDate(input.issuedAt)}`, "regular", 14, 362);
  if (input.revoked) centered(doc, "Сертификат отозван", "bold", 18, 390, WARNING);

  const qrSide = 112;
  drawQr(doc, input.verifyUrl, WIDTH - 64 - qrSide, HEIGHT - 56 - qrSide, qrSide);
  const left = 64;
  const textWidth = WIDTH - 200 - left;
  line(doc, `Код сертификата: ${input.code}`, "bold", 13, left, HEIGHT - 162, textWidth, INK);
  line(doc, "Проверить подлинность:", "regular", 10, left, HEIGHT - 139, textWidth, MUTED);
  line(doc, input.verifyUrl, "regular", 10, left, HEIGHT - 125, textWidth, ACCENT);
  input.schoolDetails.slice(0, 3).forEach((detail, index) => line(doc, detail, "regular", 9, left, HEIGHT - 96 + index * 14, textWidth, MUTED));

  return bytesOf(doc);
}
