import { describe, expect, it } from "vitest";
import { certificatePdfPath, certificateSubject, certificateUrl, normalizeCertificateCode } from "./certificates";

describe("normalizeCertificateCode", () => {
  it.each([
    ["K7M2-QX9P-4TNB", "K7M2-QX9P-4TNB"],
    ["k7m2qx9p4tnb", "K7M2-QX9P-4TNB"],
    [" k7m2 qx9p 4tnb ", "K7M2-QX9P-4TNB"],
    ["OIL0-0000-0000", "0110-0000-0000"],
    ["K7M2-QX9P-4TN", null],
    ["K7M2-QX9P-4TNBX", null],
    ["K7M2-QX9P-4TNU", null],
    ["", null],
    ["../../etc", null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeCertificateCode(input)).toBe(expected);
  });
});

describe("the words of a certificate", () => {
  it("names what was completed", () => {
    expect(certificateSubject("tool", "Lovable")).toBe("инструмент «Lovable»");
    expect(certificateSubject("module", "Идея")).toBe("модуль «Идея»");
    expect(certificateSubject("track", "Tech Founder")).toBe("трек Tech Founder");
  });

  it("builds the addresses", () => {
    expect(certificateUrl("https://school.example/", "K7M2-QX9P-4TNB")).toBe("https://school.example/certificates/K7M2-QX9P-4TNB");
    expect(certificatePdfPath("K7M2-QX9P-4TNB")).toBe("/certificates/K7M2-QX9P-4TNB/pdf");
  });
});
