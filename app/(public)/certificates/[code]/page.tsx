import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CertificateStatus } from "@/components/certificates/certificate-status";
import { certificateIssuer } from "@/lib/certificates/school";
import { certificatePdfPath, certificateSubject } from "@/lib/domain/certificates";
import { formatMoscowDate } from "@/lib/domain/dates";
import { getCertificateBySegment } from "@/lib/queries/certificates";

interface Props {
  params: Promise<{ code: string }>;
}

// Read per request: a revocation shows at once. Server-rendered only, no script of its own.
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const certificate = await getCertificateBySegment((await params).code);
  if (!certificate) return { title: "Сертификат не найден", robots: { index: false, follow: false } };
  return {
    title: `Сертификат ${certificate.code}`,
    description: `${certificate.full_name} — ${certificateSubject(certificate.kind, certificate.title)}`,
    alternates: { canonical: `/certificates/${certificate.code}` },
    // Indexed only when its student shares it («Поделиться»).
    robots: certificate.is_public ? { index: true, follow: true } : { index: false, follow: false },
  };
}

/** Anyone with the code sees whether the certificate is genuine: the name, what, when, valid or revoked, and the school. */
export default async function CertificatePage({ params }: Props) {
  const certificate = await getCertificateBySegment((await params).code);
  if (!certificate) notFound();
  const issuer = certificateIssuer();
  const valid = certificate.revoked_at === null;
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:px-6">
      <p className="text-sm font-medium text-primary">{issuer.name}</p>
      <div className="flex flex-col gap-3 rounded-xl border p-6 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight">Сертификат {certificate.code}</h1>
          <CertificateStatus revoked={!valid} />
        </div>
        <dl className="grid gap-3 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
          <dt className="text-sm text-muted-foreground">Выдан</dt>
          <dd className="text-lg font-semibold break-words">{certificate.full_name}</dd>
          <dt className="text-sm text-muted-foreground">За что</dt>
          <dd>Завершил(а) {certificateSubject(certificate.kind, certificate.title)}</dd>
          <dt className="text-sm text-muted-foreground">Дата выдачи</dt>
          <dd>{formatMoscowDate(certificate.issued_at)}</dd>
          <dt className="text-sm text-muted-foreground">Школа</dt>
          <dd>
            {issuer.name}
            {issuer.details.map((line) => (
              <span key={line} className="block text-sm text-muted-foreground">
                {line}
              </span>
            ))}
          </dd>
        </dl>
        {!valid && <p className="text-sm text-destructive">Школа отозвала этот сертификат: он больше не подтверждает обучение.</p>}
      </div>
      <div className="flex flex-wrap gap-4 text-sm">
        <a href={certificatePdfPath(certificate.code)} className="font-medium text-primary underline-offset-4 hover:underline">
          Скачать PDF
        </a>
        <Link href="/" className="font-medium text-primary underline-offset-4 hover:underline">
          О школе
        </Link>
      </div>
    </main>
  );
}
