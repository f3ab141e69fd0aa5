"use client";

import { useActionState, useEffect, useOptimistic, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { CheckCircle2, Circle } from "lucide-react";
import { toast } from "@/components/client-loading/toast";
import { SubmitButton } from "@/components/ui/submit-button";
import { initialFormState } from "@/lib/actions/form-state";
import type { ActionResult } from "@/lib/actions/result";
import { setLessonCompleted } from "../actions";

const UNREACHABLE = { ok: false, error: "Не удалось сохранить отметку: нет связи с сервером" } as const;

const completionForm = (lessonId: string, completed: boolean) => {
  const form = new FormData();
  form.set("lessonId", lessonId);
  form.set("completed", String(completed));
  return form;
};

/**
 * «Отметить пройденным» ⇄ «Пройдено», with an undo in the toast; falls back if the save fails. A plain
 * form: pressed before the script, the browser posts it and the page comes back marked, saying so as
 * it hydrates; after the script, the press shows at once and the save is made in the background.
 */
export function CompleteLessonButton({ lessonId, completed }: { lessonId: string; completed: boolean }) {
  const router = useRouter();
  const [posted, postAction] = useActionState(setLessonCompleted, initialFormState<boolean>());
  const [shown, showOptimistic] = useOptimistic(completed);
  const [pending, startTransition] = useTransition();

  const announce = (result: ActionResult<boolean>) => {
    if (!result.ok) toast.error(result.error);
    else if (result.data) toast.success("Урок отмечен пройденным", { action: { label: "Отменить", onClick: () => save(false) } });
    else toast.success("Отметка снята");
  };

  const save = (value: boolean) =>
    startTransition(async () => {
      showOptimistic(value);
      const answer = await setLessonCompleted(initialFormState<boolean>(), completionForm(lessonId, value)).catch(() => null);
      const result = answer?.result ?? UNREACHABLE;
      if (result.ok) router.refresh();
      announce(result);
    });

  // The answer to a post the browser made before the script: said once, as the page hydrates.
  useEffect(() => {
    if (posted.result) announce(posted.result);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [posted.answered]);

  const press = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) save(!shown);
  };

  return (
    <form action={postAction} onSubmit={press} className="self-start">
      <input type="hidden" name="lessonId" value={lessonId} />
      <input type="hidden" name="completed" value={String(!shown)} />
      <SubmitButton pending={pending} size="lg" variant={shown ? "secondary" : "default"} aria-pressed={shown}>
        {shown ? <CheckCircle2 className="text-emerald-600" aria-hidden /> : <Circle aria-hidden />}
        {shown ? "Пройдено" : "Отметить пройденным"}
      </SubmitButton>
    </form>
  );
}
