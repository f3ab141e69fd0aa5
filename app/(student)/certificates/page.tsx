import type { Metadata } from "next";
import { SafeForm } from "@/components/forms/safe-form";
import { CertificateStatus } from "@/components/certificates/certificate-status";
import { CertificateResultBanner } from "@/components/certificates/result-banner";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { requireUser } from "@/lib/auth";
import { certificateShareLinks } from "@/lib/domain/certificate-sharing";
import { certificatePath, certificatePdfPath, certificateSubject, certificateUrl } from "@/lib/domain/certificates";
import { formatMoscowDate } from "@/lib/domain/dates";
import { getMyCertificates } from "@/lib/queries/certificates";
import { SITE_NAME, SITE_URL } from "@/lib/site";
import { CopyLink } from "./_components/copy-link";
import { reissueMyCertificate, shareCertificate } from "./actions";

export const metadata: Metadata = { title: "Сертификаты", robots: { index: false } };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const link = "font-medium text-primary underline-offset-4 hover:underline";

/** «Сертификаты»: what the student completed, each with its PDF, its public page and ways to share it. */
export default async function CertificatesPage({ searchParams }: Props) {
  const user = await requireUser();
  const [{ certificates, currentName }, params] = await Promise.all([getMyCertificates(user.id), searchParams]);
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/dashboard" backLabel="К трекам" title="Сертификаты" />
      <CertificateResultBanner value={params.result} />
      {certificates.length === 0 && (
        <p className="text-muted-foreground">
          Сертификатов пока нет. Сертификат выдаётся автоматически, когда вы пройдёте все уроки инструмента, модуля или трека, за который школа его выдаёт.
        </p>
      )}
      <ul className="flex flex-col gap-4">
        {certificates.map((certificate) => {
          const subject = certificateSubject(certificate.kind, certificate.title);
          const url = certificateUrl(SITE_URL, certificate.code);
          const valid = certificate.revoked_at === null;
          const renamed = valid && currentName !== null && currentName !== certificate.full_name;
          return (
            <li key={certificate.id} className="flex flex-col gap-3 rounded-xl border p-4" data-testid="certificate">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-lg font-semibold first-letter:uppercase">{subject}</h2>
                <CertificateStatus revoked={!valid} />
              </div>
              <p className="text-sm text-muted-foreground">
                {certificate.full_name} · {formatMoscowDate(certificate.issued_at)} · код {certificate.code}
              </p>
              <div className="flex flex-wrap gap-4 text-sm">
                <a href={certificatePdfPath(certificate.code)} className={link} download>
                  Скачать PDF
                </a>
                <a href={certificatePath(certificate.code)} className={link}>
                  Страница проверки
                </a>
              </div>
              {valid && (
                <>
                  <CopyLink url={url} label={`Ссылка на сертификат ${certificate.code}`} />
                  <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    <span className="text-muted-foreground">Поделиться:</span>
                    {certificateShareLinks(url, `Мой сертификат ${SITE_NAME}: ${subject}`).map((share) => (
                      <a key={share.label} href={share.href} className={link} target="_blank" rel="noopener noreferrer">
                        {share.label}
                      </a>
                    ))}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <SafeForm action={shareCertificate}>
                      <input type="hidden" name="id" value={certificate.id} />
                      <input type="hidden" name="shared" value={certificate.is_public ? "false" : "true"} />
                      <Button type="submit" variant="outline" size="sm">
                        {certificate.is_public ? "Скрыть из поиска" : "Показывать в поиске"}
                      </Button>
                    </SafeForm>
                    {renamed && (
                      <SafeForm action={reissueMyCertificate.bind(null, certificate.id)}>
                        <Button type="submit" variant="outline" size="sm">
                          Перевыпустить с новым именем
                        </Button>
                      </SafeForm>
                    )}
                  </div>
                  {renamed && <p className="text-sm text-muted-foreground">В профиле теперь другое имя: «{currentName}». Перевыпуск даст новый код, а этот сертификат будет отозван.</p>}
                </>
              )}
            </li>
          );
        })}
      </ul>
    </main>
  );
}
