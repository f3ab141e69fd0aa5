import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { renderCertificatePdf } from "./pdf";

/** The certificate's PDF read back as text, as a reader or a search would: the Cyrillic must survive. */

const certificate = {
  code: "K7M2-QX9P-4TNB",
  fullName: "Анна-Мария Ёлкина",
  kind: "tool",
  title: "Lovable",
  issuedAt: "2026-11-28T12:00:00Z",
  revoked: false,
  verifyUrl: "https://school.example/certificates/K7M2-QX9P-4TNB",
  schoolName: "Школа IT-фаундеров",
  schoolDetails: ["ИП Иванов Иван Иванович, ИНН 770000000000", "school@example.ru"],
};

async function textOf(bytes: Uint8Array) {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const page = await document.getPage(1);
  const [width, height] = page.getViewport({ scale: 1 }).viewBox.slice(2);
  const { text } = await extractText(document, { mergePages: true });
  return { text: text.replace(/\s+/g, " "), pages: document.numPages, width, height };
}

describe("renderCertificatePdf", () => {
  it("is one A4 landscape page holding the name, the code, what was completed, the date and the school", async () => {
    const bytes = await renderCertificatePdf(certificate);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { text, pages, width, height } = await textOf(bytes);
    expect(pages).toBe(1);
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    for (const part of ["Анна-Мария Ёлкина", "K7M2-QX9P-4TNB", "СЕРТИФИКАТ", "инструмент «Lovable»", "28 ноября 2026 г.", "Школа IT-фаундеров", "ИНН 770000000000", certificate.verifyUrl]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain("отозван");
  });

  it("names the school, not the library, as its creator and producer", async () => {
    const document = await getDocumentProxy(new Uint8Array(await renderCertificatePdf(certificate)));
    const { info } = await document.getMetadata();
    expect(info).toMatchObject({ Creator: certificate.schoolName, Producer: certificate.schoolName, Author: certificate.schoolName });
  });

  it("says so on a revoked certificate", async () => {
    const { text } = await textOf(await renderCertificatePdf({ ...certificate, revoked: true }));
    expect(text).toContain("Сертификат отозван");
  });
});
