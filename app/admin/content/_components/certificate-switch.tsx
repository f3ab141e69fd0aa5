import { setContentCertificate } from "@/app/admin/certificates/actions";
import { SafeForm } from "@/components/forms/safe-form";
import { Button } from "@/components/ui/button";

/**
 * «Выдавать сертификат» on a tool or a course module: a plain form (it works before any script), apart
 * from the item's own form, so saving one never sends the other.
 */
export function CertificateSwitch({ kind, id, issues, saved }: { kind: "tool" | "course_module"; id: string; issues: boolean; saved: boolean }) {
  const noun = kind === "tool" ? "инструмента" : "модуля";
  return (
    <SafeForm action={setContentCertificate} className="flex flex-col gap-2 rounded-lg border p-3" aria-label="Сертификат">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <div className="flex items-start gap-3">
        <input id="issues_certificate" name="issues" type="checkbox" defaultChecked={issues} className="mt-0.5 size-4 accent-primary" aria-describedby="issues_certificate-hint" />
        <div className="flex flex-col gap-1">
          <label htmlFor="issues_certificate" className="text-sm font-medium">
            Выдавать сертификат
          </label>
          <p id="issues_certificate-hint" className="text-xs text-muted-foreground">
            {issues
              ? `Включено: студент получит сертификат, когда пройдёт все опубликованные уроки ${noun}, которые ему видны.`
              : `Выключено: за этот ${kind === "tool" ? "инструмент" : "модуль"} сертификат не выдаётся.`}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="outline" size="sm">
          Применить
        </Button>
        {saved && (
          <p role="status" className="text-xs text-muted-foreground">
            Сохранено
          </p>
        )}
      </div>
    </SafeForm>
  );
}
