import { Eye } from "lucide-react";
import { SafeForm } from "@/components/forms/safe-form";
import { Button } from "@/components/ui/button";
import type { PreviewedStudent } from "@/lib/preview";
import { endPreview } from "../actions";

/** Says whose view of the course an admin is looking at, on every student page of the preview. */
export function PreviewBanner({ student }: { student: PreviewedStudent }) {
  return (
    <aside
      aria-label="Просмотр глазами студента"
      className="sticky top-0 z-40 border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <SafeForm
        action={endPreview.bind(null, student.id)}
        className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm sm:px-6"
      >
        <p className="flex items-center gap-2">
          <Eye className="size-4 shrink-0" aria-hidden />
          <span>
            Вы смотрите курс как студент <strong>{student.name}</strong>. Только просмотр: изменения здесь не сохраняются.
          </span>
        </p>
        <Button type="submit" size="sm" variant="outline">
          Завершить просмотр
        </Button>
      </SafeForm>
    </aside>
  );
}
