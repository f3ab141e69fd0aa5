"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Trash2 } from "lucide-react";
import { toast } from "@/components/client-loading/toast";
import { SubmitButton } from "@/components/ui/submit-button";
import { ConfirmDialog } from "@/components/client-loading/confirm-dialog";
import { deletionSummary, type DeletableKind } from "@/lib/domain/content";
import { deleteContent, getDeletionImpact } from "../actions";

const NOUN: Record<DeletableKind, string> = { course_module: "модуль", tool: "инструмент", block: "блок", lesson: "урок" };

/** Deletes after a confirmation that says what goes with the item, then opens `afterDelete`. */
export function DeleteContentButton({ kind, id, title, afterDelete }: { kind: DeletableKind; id: string; title: string; afterDelete: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) return setSummary(null);
    startTransition(async () => {
      const impact = await getDeletionImpact({ kind, id }).catch(() => null);
      setSummary(impact?.ok ? deletionSummary(kind, impact.data) : "Не удалось посчитать, что удалится вместе с ним.");
    });
  };

  const confirm = () =>
    startTransition(async () => {
      const result = await deleteContent({ kind, id }).catch(() => null);
      if (!result?.ok) {
        toast.error(result?.error ?? "Не удалось удалить: нет связи с сервером");
        return;
      }
      toast.success(`Удалено: ${title}`);
      router.push(afterDelete);
    });

  return (
    <>
      {/* Its own form's submit: a press before the page's script is held by React and asks once it hydrates. */}
      <form action={() => onOpenChange(true)}>
        <SubmitButton variant="outline" className="text-destructive" aria-haspopup="dialog" aria-expanded={open}>
          <Trash2 aria-hidden />
          Удалить {NOUN[kind]}
        </SubmitButton>
      </form>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title={`Удалить ${NOUN[kind]} «${title}»?`}
        description={`${summary ?? "Считаем, что удалится вместе с ним…"} Это нельзя отменить.`}
        liveDescription
        confirmLabel="Удалить"
        destructive
        stayOpen
        busy={pending}
        disabled={summary === null}
        onConfirm={confirm}
      />
    </>
  );
}
