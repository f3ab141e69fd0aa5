import { renderCertificatePdf } from "@/lib/certificates/pdf";
import { certificateIssuer } from "@/lib/certificates/school";
import { certificateFileName, certificateUrl } from "@/lib/domain/certificates";
import { getCertificateBySegment } from "@/lib/queries/certificates";
import { SITE_URL } from "@/lib/site";

/**
 * The certificate as a PDF, for anyone with its code (it shows what the verification page shows);
 * drawn per request, so a revocation or a reissue shows at once.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ code: string }> }) {
  const certificate = await getCertificateBySegment((await params).code);
  if (!certificate) {
    return new Response("Сертификат не найден", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const issuer = certificateIssuer();
  const pdf = await renderCertificatePdf({
    code: certificate.code,
    fullName: certificate.full_name,
    kind: certificate.kind,
    title: certificate.title,
    issuedAt: certificate.issued_at,
    revoked: certificate.revoked_at !== null,
    verifyUrl: certificateUrl(SITE_URL, certificate.code),
    schoolName: issuer.name,
    schoolDetails: issuer.details,
  });
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${certificateFileName(certificate.code)}"`,
      "Cache-Control": "no-store",
      ...(certificate.is_public ? {} : { "X-Robots-Tag": "noindex, nofollow" }),
    },
  });
}
