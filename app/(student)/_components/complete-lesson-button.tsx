"use client";

import { useOptimistic, useTransition } from "react";
import { useRouter } from "next/navigation";
import { CheckCircle2, Circle } from "lucide-react";
import { toast } from "@/components/client-loading/toast";
import { Button } from "@/components/ui/button";
import { setLessonCompleted } from "../actions";

const UNREACHABLE = { ok: false, error: "Не удалось сохранить отметку: нет связи с сервером" } as const;

/** «Отметить пройденным» ⇄ «Пройдено», with an undo in the toast; falls back if the save fails. */
export function CompleteLessonButton({ lessonId, completed }: { lessonId: string; completed: boolean }) {
  const router = useRouter();
  const [shown, showOptimistic] = useOptimistic(completed);
  const [pending, startTransition] = useTransition();

  const save = (value: boolean) =>
    startTransition(async () => {
      showOptimistic(value);
      const result = await setLessonCompleted({ lessonId, completed: value }).catch(() => UNREACHABLE);
      if (!result.ok) {
        toast.error(result.error);
        return;
      }
      router.refresh();
      if (value) toast.success("Урок отмечен пройденным", { action: { label: "Отменить", onClick: () => save(false) } });
      else toast.success("Отметка снята");
    });

  return (
    <Button
      type="button"
      size="lg"
      variant={shown ? "secondary" : "default"}
      aria-pressed={shown}
      aria-busy={pending}
      className="self-start"
      onClick={() => !pending && save(!shown)}
    >
      {shown ? <CheckCircle2 className="text-emerald-600" aria-hidden /> : <Circle aria-hidden />}
      {shown ? "Пройдено" : "Отметить пройденным"}
    </Button>
  );
}
