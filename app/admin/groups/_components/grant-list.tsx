"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { NO_CONNECTION } from "@/components/form-toasts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { isoToMoscowInput } from "@/lib/domain/dates";
import type { GroupGrant } from "@/lib/queries/groups";
import type { GrantForm } from "@/lib/validation/groups";
import type { AccessKind } from "@/lib/domain/access";
import type { ActionResult } from "@/lib/actions/result";
import { dropGrant, saveGrant, setGroupGrants } from "../actions";

const UNREACHABLE: ActionResult<never> = { ok: false, error: NO_CONNECTION };

export interface GrantItem {
  id: string;
  label: string;
}

const formValues = (grant: GroupGrant | undefined) => ({
  is_unlocked: grant?.is_unlocked ?? false,
  is_visible: grant?.is_visible ?? true,
  unlock_at: grant?.unlock_at ? isoToMoscowInput(grant.unlock_at) : "",
  expires_at: grant?.expires_at ? isoToMoscowInput(grant.expires_at) : "",
});

interface RowProps {
  groupId: string;
  kind: AccessKind;
  item: GrantItem;
  grant: GroupGrant | undefined;
  /** The grant's dates and state in words, computed on the server (Moscow time). */
  summary: string;
}

type DateErrors = Partial<Record<"unlock_at" | "expires_at", string>>;

interface DateFieldProps {
  id: string;
  label: string;
  itemLabel: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A date and time typed in Moscow time (the form turns it into an instant), with its error under it. */
function MoscowDateField({ id, label, itemLabel, value, error, onChange }: DateFieldProps) {
  return (
    <div className="flex max-w-full flex-col gap-1 text-xs text-muted-foreground">
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        type="datetime-local"
        compact
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={`${label}: ${itemLabel}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="max-w-60 text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The grant's dates as the server action's schema reads them (loaded with the first save, so the
 * page's script carries no zod): a close before the open is refused here, on its field.
 */
async function dateErrors(grant: GrantForm): Promise<DateErrors> {
  const { grantSchema } = await import("@/lib/validation/groups");
  const parsed = grantSchema.safeParse(grant);
  if (parsed.success) return {};
  const errors: DateErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "unlock_at" || field === "expires_at") && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** One item's grant for the group: the two switches and the two dates, saved together. */
function GrantRow({ groupId, kind, item, grant, summary }: RowProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [values, setValues] = useState(() => formValues(grant));
  const [errors, setErrors] = useState<DateErrors>({});
  // After a save the refreshed grant arrives here: the form shows what was stored, and the row
  // stays mounted, so the keyboard focus stays on its button.
  const [saved, setSaved] = useState(grant);
  if (grant !== saved && JSON.stringify(grant) !== JSON.stringify(saved)) {
    setSaved(grant);
    setValues(formValues(grant));
  }
  const id = `${kind}-${item.id}`;
  const run = (action: () => Promise<ActionResult>, success: string) =>
    startTransition(async () => {
      const result = await action().catch(() => UNREACHABLE);
      if (!result.ok) {
        const { unlock_at, expires_at } = result.fieldErrors ?? {};
        if (unlock_at || expires_at) return void setErrors({ unlock_at, expires_at });
        toast.error(`${result.error} — ${item.label}`);
        return;
      }
      setErrors({});
      toast.success(`${success} — ${item.label}`);
      router.refresh();
    });

  const save = () =>
    startTransition(async () => {
      const grantForm = { groupId, kind, itemId: item.id, ...values };
      const refused = await dateErrors(grantForm);
      setErrors(refused);
      if (refused.unlock_at || refused.expires_at) return;
      run(() => saveGrant(grantForm), "Сохранено");
    });

  return (
    <li className="flex flex-col gap-3 rounded-lg border p-3" data-testid="grant-row" aria-busy={pending}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{item.label}</span>
        <Badge variant={grant ? "secondary" : "outline"}>{summary}</Badge>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <label className="flex items-center gap-2 text-sm">
          <Switch
            checked={values.is_unlocked}
            onCheckedChange={(is_unlocked) => setValues({ ...values, is_unlocked })}
            aria-label={`Доступ открыт: ${item.label}`}
          />
          Доступ открыт
        </label>
        <label className="flex items-center gap-2 text-sm">
          <Switch
            checked={values.is_visible}
            onCheckedChange={(is_visible) => setValues({ ...values, is_visible })}
            aria-label={`Видимость: ${item.label}`}
          />
          Видимость
        </label>
        <MoscowDateField
          id={`${id}-unlock`}
          label="Откроется (МСК)"
          itemLabel={item.label}
          value={values.unlock_at}
          error={errors.unlock_at}
          onChange={(unlock_at) => {
            setValues({ ...values, unlock_at });
            setErrors({});
          }}
        />
        <MoscowDateField
          id={`${id}-expires`}
          label="Закроется (МСК)"
          itemLabel={item.label}
          value={values.expires_at}
          error={errors.expires_at}
          onChange={(expires_at) => {
            setValues({ ...values, expires_at });
            setErrors({});
          }}
        />
        <Button size="sm" disabled={pending} onClick={save}>
          Сохранить
        </Button>
        {grant && (
          <Button size="sm" variant="ghost" disabled={pending} onClick={() => run(() => dropGrant({ groupId, kind, itemId: item.id }), "Настройка группы снята")}>
            Сбросить
          </Button>
        )}
      </div>
    </li>
  );
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
  if (items.length === 0) return <p className="text-muted-foreground">{emptyText}</p>;
  const bulk = (is_unlocked: boolean) =>
    startTransition(async () => {
      const result = await setGroupGrants({ groupId, kind, itemIds: items.map((item) => item.id), is_unlocked }).catch(() => UNREACHABLE);
      if (!result.ok) return void toast.error(result.error);
      toast.success(is_unlocked ? "Доступ открыт для всего списка" : "Доступ закрыт для всего списка");
      router.refresh();
    });
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2" aria-busy={pending}>
        <Button variant="outline" size="sm" disabled={pending} onClick={() => bulk(true)}>
          Открыть всё
        </Button>
        <Button variant="outline" size="sm" disabled={pending} onClick={() => bulk(false)}>
          Закрыть всё
        </Button>
      </div>
      <ul className="flex flex-col gap-2">
        {items.map((item) => {
          const grant = grants.find((candidate) => candidate.kind === kind && candidate.item_id === item.id);
          return <GrantRow key={item.id} groupId={groupId} kind={kind} item={item} grant={grant} summary={summaries[item.id]} />;
        })}
      </ul>
    </div>
  );
}
