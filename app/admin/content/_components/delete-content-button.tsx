"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Loader2, Trash2 } from "lucide-react";
import { toast } from "@/components/ui/toast";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { deletionSummary, type DeletableKind } from "@/lib/domain/content";
import { deleteContent, getDeletionImpact } from "../actions";

const NOUN: Record<DeletableKind, string> = { course_module: "модуль", tool: "инструмент", block: "блок", lesson: "урок" };

/** Deletes after a confirmation that says what goes with the item, then opens `afterDelete`. */
export function DeleteContentButton({ kind, id, title, afterDelete }: { kind: DeletableKind; id: string; title: string; afterDelete: string }) {
  const router = useRouter();
  const [summary, setSummary] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const onOpenChange = (open: boolean) => {
    if (!open) return setSummary(null);
    startTransition(async () => {
      const impact = await getDeletionImpact({ kind, id }).catch(() => null);
      setSummary(impact ? deletionSummary(kind, impact) : "Не удалось посчитать, что удалится вместе с ним.");
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
    <AlertDialog onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="text-destructive">
          <Trash2 aria-hidden />
          Удалить {NOUN[kind]}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            Удалить {NOUN[kind]} «{title}»?
          </AlertDialogTitle>
          <AlertDialogDescription aria-live="polite">
            {summary ?? "Считаем, что удалится вместе с ним…"} Это нельзя отменить.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Отмена</AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-white hover:bg-destructive/90"
            aria-disabled={pending || summary === null}
            onClick={(event) => {
              event.preventDefault();
              if (!pending && summary !== null) confirm();
            }}
          >
            {pending && <Loader2 className="animate-spin" aria-hidden />}
            Удалить
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
