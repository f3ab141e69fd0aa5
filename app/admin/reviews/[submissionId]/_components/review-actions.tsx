"use client";

import { useCallback, useEffect, useRef, useState, useTransition } from "react";
import { useEarlyValue } from "@/components/forms/use-early-value";
import { useHydrated } from "@/components/forms/use-hydrated";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ArrowRight, Check, Hand, RotateCcw } from "lucide-react";
import { orNoConnection, toastRefusal } from "@/components/form-toasts";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/client-loading/toast";
import type { ActionResult } from "@/lib/actions/result";
import { COMMENT_MAX, RETURN_NEEDS_COMMENT } from "@/lib/domain/reviews";
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from "@/lib/domain/submissions";
import { claimSubmission, releaseSubmission, reviewSubmission } from "../../actions";

const UNSENT = "Комментарий не отправлен. Перейти к следующей работе?";

export interface ReviewActionsProps {
  submissionId: string;
  status: SubmissionStatus;
  /** Whose claim runs, worked out on the server with its clock. */
  holder: "me" | "other" | null;
  holderName: string | null;
  /** «14:30 МСК». */
  claimEnds: string | null;
  nextHref: string | null;
}

/** Whether a key press belongs to a field, not to the page's shortcuts. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || Boolean(target.closest("input, textarea, select, [role=textbox]")));

/**
 * Taking, deciding and moving on. Deciding needs no claim of one's own, only nobody else's (the
 * database checks again). «Следующая работа» is also the J key (the same key on a Russian layout,
 * by its place on the keyboard), outside text fields. The key needs the page's script: until it is
 * here, the link (which works without it) does not offer the key and the hint says it is coming.
 */
export function ReviewActions({ submissionId, status, holder, holderName, claimEnds, nextHref }: ReviewActionsProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);
  useEarlyValue(field, setComment);
  const heldByOther = holder === "other";
  const hydrated = useHydrated();

  const goNext = useCallback(() => {
    if (nextHref && !(comment.trim() && !window.confirm(UNSENT))) router.push(nextHref);
  }, [comment, nextHref, router]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== "KeyJ" || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.repeat || typing(event.target)) return;
      event.preventDefault();
      goNext();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [goNext]);

  const run = (action: () => Promise<ActionResult<unknown>>, after: () => void) =>
    startTransition(async () => {
      const result = await orNoConnection(action());
      if (!result.ok) {
        if (result.fieldErrors?.comment) setError(result.fieldErrors.comment);
        toastRefusal(result);
        // Another reviewer may have taken or decided it meanwhile: show who.
        router.refresh();
        return;
      }
      if (result.message) toast.success(result.message);
      after();
    });

  /**
   * The decision form's action. Its comment comes from the form's data, not the component's state:
   * a press made before hydration is held by React with the form's data as it was then.
   */
  const decide = (form: FormData) => {
    const decision = form.get("decision") === "return" ? "return" : "accept";
    const comment = String(form.get("comment") ?? "");
    const problem =
      decision === "return" && !comment.trim() ? RETURN_NEEDS_COMMENT : comment.trim().length > COMMENT_MAX ? "Комментарий — не длиннее 20 000 символов" : undefined;
    setError(problem);
    if (problem) {
      toast.error("Ошибка валидации", { description: problem });
      field.current?.focus();
      return;
    }
    // The page stays on this work (now «проверена», with «Следующая работа»): the next student's
    // buttons never land under the pointer that just decided.
    run(
      () => reviewSubmission({ submissionId, decision, comment }),
      () => router.refresh(),
    );
  };

  return (
    <section aria-labelledby="decision-title" className="flex flex-col gap-4 rounded-xl border p-4">
      <h2 id="decision-title" className="text-lg font-semibold">
        Проверка
      </h2>
      {status !== "submitted" ? (
        <p>
          Эта попытка уже проверена: <span className="font-medium">{SUBMISSION_STATUS_LABELS[status]}</span>
        </p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            {heldByOther ? (
              <>
                <Button variant="outline" disabled>
                  <Hand aria-hidden />
                  Взять в работу
                </Button>
                <p className="font-medium text-destructive">
                  Проверяет {holderName ?? "другой куратор"} до {claimEnds}
                </p>
              </>
            ) : holder === "me" ? (
              <>
                <p>Вы проверяете эту работу до {claimEnds}</p>
                <form action={() => run(() => releaseSubmission({ submissionId }), () => router.refresh())}>
                  <SubmitButton variant="ghost" size="sm" pending={pending}>
                    Освободить
                  </SubmitButton>
                </form>
              </>
            ) : (
              <>
                <form action={() => run(() => claimSubmission({ submissionId }), () => router.refresh())}>
                  <SubmitButton variant="outline" pending={pending}>
                    <Hand aria-hidden />
                    Взять в работу
                  </SubmitButton>
                </form>
                <p className="text-sm text-muted-foreground">На 30 минут: другие кураторы увидят, что работу проверяете вы</p>
              </>
            )}
          </div>
          <form action={decide} className="flex flex-col gap-4">
          <FormField id="review-comment" label="Комментарий студенту" error={error}>
            <Textarea
              ref={field}
              name="comment"
              rows={5}
              value={comment}
              disabled={heldByOther}
              placeholder="Что получилось и что доработать. Поддерживается разметка Markdown: **жирный**, списки, ссылки."
              onChange={(event) => {
                setComment(event.target.value);
                if (error) setError(undefined);
              }}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <SubmitButton name="decision" value="accept" disabled={heldByOther} pending={pending}>
              <Check aria-hidden />
              Принять
            </SubmitButton>
            <SubmitButton name="decision" value="return" variant="outline" disabled={heldByOther} pending={pending}>
              <RotateCcw aria-hidden />
              Вернуть на доработку
            </SubmitButton>
          </div>
          </form>
        </>
      )}
      <div className="flex flex-wrap items-center gap-3 border-t pt-4">
        {nextHref ? (
          <Button asChild variant="secondary">
            <Link
              href={nextHref}
              aria-keyshortcuts={hydrated ? "J" : undefined}
              onClick={(event) => {
                if (comment.trim() && !window.confirm(UNSENT)) event.preventDefault();
              }}
            >
              Следующая работа
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        ) : (
          <Button variant="secondary" disabled>
            Следующая работа
          </Button>
        )}
        <p className="text-sm text-muted-foreground">
          {nextHref ? (
            <>
              Клавиша <kbd className="rounded border bg-muted px-1.5 font-mono text-xs">J</kbd> (в русской раскладке — О)
              {!hydrated && " — когда страница загрузится"}
            </>
          ) : (
            "Других работ в очереди нет"
          )}
        </p>
      </div>
    </section>
  );
}
