"use client";

import { useCallback, useEffect, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/client-loading/toast";
import { dismissUndoOffers, offerUndo } from "@/components/undo-toast";
import { SubmitButton } from "@/components/ui/submit-button";
import type { GroupGrant } from "@/lib/queries/groups";
import type { AccessKind } from "@/lib/domain/access";
import { setGroupGrants, undoGroupGrants } from "../actions";
import { GrantRow, type GrantItem } from "./grant-row";
import { UNREACHABLE } from "./group-result";

export type { GrantItem };

const LEAVE_UNSAVED = "Даты с ошибкой не сохранены. Уйти со страницы?";

/**
 * While a row holds a date the server refused (the only change not saved at once), leaving the
 * page asks first: closing or reloading it (beforeunload) and following a link inside the app.
 */
function useLeaveGuard(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (link && !event.defaultPrevented && !window.confirm(LEAVE_UNSAVED)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [active]);
}

/** A group's grants for one kind of item, with «Открыть всё» / «Закрыть всё» for the whole list. */
export function GrantList({
  groupId,
  kind,
  items,
  grants,
  summaries,
  emptyText,
}: {
  groupId: string;
  kind: AccessKind;
  items: GrantItem[];
  grants: GroupGrant[];
  summaries: Record<string, string>;
  emptyText: string;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [unsaved, setUnsaved] = useState<ReadonlySet<string>>(new Set());
  const onUnsaved = useCallback((itemId: string, isUnsaved: boolean) => {
    setUnsaved((current) => {
      if (current.has(itemId) === isUnsaved) return current;
      const next = new Set(current);
      if (isUnsaved) next.add(itemId);
      else next.delete(itemId);
      return next;
    });
  }, []);
  useLeaveGuard(unsaved.size > 0);
  useEffect(() => dismissUndoOffers, []);
  if (items.length === 0) return <p className="text-muted-foreground">{emptyText}</p>;

  const grantOf = (itemId: string) => grants.find((candidate) => candidate.kind === kind && candidate.item_id === itemId);
  const toastId = `grant-bulk-${groupId}-${kind}`;
  const bulk = (is_unlocked: boolean) => {
    // What «Отменить» puts back: grants this creates go, the others get their is_unlocked again.
    const before = items.map((item) => ({ id: item.id, grant: grantOf(item.id) }));
    const undo = {
      groupId,
      kind,
      drop: before.filter(({ grant }) => !grant).map(({ id }) => id),
      unlocked: before.filter(({ grant }) => grant?.is_unlocked).map(({ id }) => id),
      locked: before.filter(({ grant }) => grant && !grant.is_unlocked).map(({ id }) => id),
    };
    startTransition(async () => {
      const result = await setGroupGrants({ groupId, kind, itemIds: items.map((item) => item.id), is_unlocked }).catch(() => UNREACHABLE);
      if (!result.ok) return void toast.error(result.error, { id: toastId });
      offerUndo(is_unlocked ? "Доступ открыт для всего списка" : "Доступ закрыт для всего списка", {
        id: toastId,
        description: `Изменено: ${items.length}`,
        undo: () =>
          startTransition(async () => {
            const undone = await undoGroupGrants(undo).catch(() => UNREACHABLE);
            if (!undone.ok) return void toast.error(undone.error, { id: `${toastId}-undone` });
            toast.success("Отменено: список — как был", { id: `${toastId}-undone` });
            router.refresh();
          }),
      });
      router.refresh();
    });
  };
  // Each is its own form's SubmitButton: a press before the script is made once, after hydration, and
  // one while the list is saving is refused, as the whole list is set at once.
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2" aria-busy={pending}>
        <form action={() => bulk(true)}>
          <SubmitButton variant="outline" size="sm" pending={pending}>
            Открыть всё
          </SubmitButton>
        </form>
        <form action={() => bulk(false)}>
          <SubmitButton variant="outline" size="sm" pending={pending}>
            Закрыть всё
          </SubmitButton>
        </form>
      </div>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <GrantRow key={item.id} groupId={groupId} kind={kind} item={item} grant={grantOf(item.id)} summary={summaries[item.id]} onUnsaved={onUnsaved} />
        ))}
      </ul>
    </div>
  );
}
