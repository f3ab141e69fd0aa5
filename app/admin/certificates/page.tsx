import type { Metadata } from "next";
import { SafeForm } from "@/components/forms/safe-form";
import { CertificateResultBanner } from "@/components/certificates/result-banner";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { requireAdmin } from "@/lib/auth";
import { certificatePath, certificatePdfPath, certificateSubject } from "@/lib/domain/certificates";
import { formatMoscowDate } from "@/lib/domain/dates";
import { searchQuery } from "@/lib/domain/paths";
import { getCertificatesOverview, getTrackCertificateSettings } from "@/lib/queries/certificates";
import { REVOKE_REASON_MAX } from "@/lib/validation/certificates";
import { reissueCertificate, revokeCertificate, setTrackCertificate } from "./actions";

export const metadata: Metadata = { title: "Сертификаты", robots: { index: false } };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const TRACK_LABELS = { tech: "Tech Founder: все инструменты", product: "Product Founder: все модули курса" } as const;
const link = "font-medium text-primary underline-offset-4 hover:underline";

/** The owner's certificates: search by name, e-mail or code; revoke with a reason; reissue; the per-track switch. */
export default async function AdminCertificatesPage({ searchParams }: Props) {
  const params = await searchParams;
  const query = searchQuery(params.q, 200);
  const [, rows, tracks] = await Promise.all([requireAdmin(), getCertificatesOverview(query), getTrackCertificateSettings()]);
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/admin" backLabel="К панели администратора" title="Сертификаты" />
      <CertificateResultBanner value={params.result} />
      <section aria-labelledby="tracks-title" className="flex flex-col gap-2">
        <h2 id="tracks-title" className="text-lg font-semibold">
          Сертификат за весь трек
        </h2>
        <p className="text-sm text-muted-foreground">
          За инструмент или модуль сертификат включается на его странице в «Контенте курса». За трек — здесь: он выдаётся, когда студент прошёл все видимые ему уроки трека.
        </p>
        <div className="flex flex-wrap gap-3">
          {tracks.map((track) => (
            <SafeForm key={track.track} action={setTrackCertificate} className="flex items-center gap-3 rounded-lg border p-3 text-sm">
              <input type="hidden" name="track" value={track.track} />
              <input id={`track-${track.track}`} name="issues" type="checkbox" defaultChecked={track.issues_certificate} className="size-4 accent-primary" />
              <label htmlFor={`track-${track.track}`}>{TRACK_LABELS[track.track as keyof typeof TRACK_LABELS] ?? track.track}</label>
              <Button type="submit" variant="outline" size="sm">
                Сохранить
              </Button>
            </SafeForm>
          ))}
        </div>
      </section>
      <form method="get" action="/admin/certificates" className="flex flex-wrap items-end gap-3 text-sm" role="search" aria-label="Поиск сертификатов">
        <label className="flex min-w-64 flex-1 flex-col gap-1">
          Имя, e-mail или код
          <Input name="q" type="search" defaultValue={query} maxLength={200} />
        </label>
        <Button type="submit" variant="outline">
          Найти
        </Button>
      </form>
      {rows.length === 0 ? (
        <p className="text-muted-foreground">{query ? "Ничего не нашлось." : "Сертификатов пока нет."}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-col gap-2 rounded-lg border p-3 text-sm" data-testid="admin-certificate">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p>
                  <span className="font-semibold">{row.full_name}</span> <span className="text-muted-foreground">{row.email}</span>
                </p>
                <p className="font-mono">{row.code}</p>
              </div>
              <p>
                {certificateSubject(row.kind, row.title)} · выдан {formatMoscowDate(row.issued_at)}
                {row.revoked_at ? ` · отозван ${formatMoscowDate(row.revoked_at)}: ${row.revoked_reason ?? ""}` : " · действителен"}
                {row.is_public ? " · в поиске" : ""}
              </p>
              <div className="flex flex-wrap items-end gap-3">
                <a href={certificatePath(row.code)} className={link}>
                  Страница проверки
                </a>
                <a href={certificatePdfPath(row.code)} className={link}>
                  PDF
                </a>
                {!row.revoked_at && (
                  <SafeForm action={revokeCertificate} className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="id" value={row.id} />
                    <label className="flex flex-col gap-1">
                      Причина отзыва
                      <Input name="reason" required maxLength={REVOKE_REASON_MAX} className="h-8 w-64" />
                    </label>
                    <Button type="submit" variant="outline" size="sm">
                      Отозвать
                    </Button>
                  </SafeForm>
                )}
                <SafeForm action={reissueCertificate.bind(null, row.id)}>
                  <Button type="submit" variant="outline" size="sm">
                    Перевыпустить
                  </Button>
                </SafeForm>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
