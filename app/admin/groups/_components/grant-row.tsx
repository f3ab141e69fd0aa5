"use client";

import { useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/client-loading/toast";
import { useEarlyValue } from "@/components/forms/use-early-value";
import { offerUndo } from "@/components/undo-toast";
import { Badge } from "@/components/ui/badge";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import type { AccessKind } from "@/lib/domain/access";
import { switchName, switchText, withDatesTurningOn } from "@/lib/domain/access-source";
import { isoToMoscowInput } from "@/lib/domain/dates";
import type { ActionResult } from "@/lib/actions/result";
import type { GroupGrant } from "@/lib/queries/groups";
import type { GrantForm } from "@/lib/validation/groups";
import { dropGrant, saveGrant } from "../actions";
import { ActionForm, HELD_BUSY_CLASS, heldSubmit } from "@/components/forms/action-form";
import { UNREACHABLE } from "./group-result";

export interface GrantItem {
  id: string;
  label: string;
}

type Values = ReturnType<typeof formValues>;
type DateField = "unlock_at" | "expires_at";
type SwitchField = "is_unlocked" | "is_visible";
type DateErrors = Partial<Record<DateField, string>>;

const formValues = (grant: GroupGrant | undefined) => ({
  is_unlocked: grant?.is_unlocked ?? false,
  is_visible: grant?.is_visible ?? true,
  unlock_at: grant?.unlock_at ? isoToMoscowInput(grant.unlock_at) : "",
  expires_at: grant?.expires_at ? isoToMoscowInput(grant.expires_at) : "",
});

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

interface RowProps {
  groupId: string;
  kind: AccessKind;
  item: GrantItem;
  grant: GroupGrant | undefined;
  /** The grant's dates and state in words, computed on the server (Moscow time). */
  summary: string;
  /** Tells the list whether this row holds something the server refused (the page then guards leaving). */
  onUnsaved: (itemId: string, unsaved: boolean) => void;
}

/**
 * One item's grant for the group, saved the moment it changes, as the student's switches on
 * /admin are: a switch when pressed, a date when its field is left (or on Enter); the toast
 * offers «Отменить». Only a refused date stays unsaved, said on its field and guarded on leaving.
 */
export function GrantRow({ groupId, kind, item, grant, summary, onUnsaved }: RowProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [values, setValues] = useState(() => formValues(grant));
  const [errors, setErrors] = useState<DateErrors>({});
  // What the row last sent: a refreshed grant replaces only what was not changed since.
  const [sent, setSent] = useState(values);
  // «Сбросить» goes away with the grant: the focus moves to the row's first switch.
  const firstSwitch = useRef<HTMLButtonElement>(null);
  // A date typed before hydration is on screen only: the state takes it as the fields hydrate.
  const unlockField = useRef<HTMLInputElement>(null);
  const expiresField = useRef<HTMLInputElement>(null);
  useEarlyValue(unlockField, (unlock_at) => setValues((current) => ({ ...current, unlock_at })));
  useEarlyValue(expiresField, (expires_at) => setValues((current) => ({ ...current, expires_at })));
  const [saved, setSaved] = useState(grant);
  if (grant !== saved && JSON.stringify(grant) !== JSON.stringify(saved)) {
    setSaved(grant);
    const fresh = formValues(grant);
    const kept = (Object.keys(fresh) as (keyof Values)[]).filter((key) => values[key] !== sent[key]);
    setValues(Object.assign(fresh, Object.fromEntries(kept.map((key) => [key, values[key]]))));
  }
  const id = `${kind}-${item.id}`;
  const toastId = `grant-${id}`;

  // The undo's own answer gets an id of its own: the offer's toast, under toastId, is still closing.
  const report = (result: ActionResult, title: string, description: string, undo?: () => void, id = toastId) => {
    if (!result.ok) {
      const { unlock_at, expires_at } = result.fieldErrors ?? {};
      if (unlock_at || expires_at) setErrors({ unlock_at, expires_at });
      else toast.error(`${result.error} — ${item.label}`, { id });
      setValues(formValues(grant));
      return;
    }
    if (undo) offerUndo(`${title} — ${item.label}`, { id, description, undo });
    else toast.success(`${title} — ${item.label}`, { id, description });
    router.refresh();
  };

  const restore = (before: GroupGrant | undefined) =>
    startTransition(async () => {
      const result = before
        ? await saveGrant({ groupId, kind, itemId: item.id, ...formValues(before) }).catch(() => UNREACHABLE)
        : await dropGrant({ groupId, kind, itemId: item.id }).catch(() => UNREACHABLE);
      // The row shows what it put back at once, whenever the refreshed page arrives.
      if (result.ok) {
        setValues(formValues(before));
        setSent(formValues(before));
      }
      report(result, "Отменено", "Настройка группы — как была", undefined, `${toastId}-undone`);
    });

  // Presses are never dropped while a save is under way: each sends the whole row as it stands,
  // and server actions run in the order they were made, so the last press is what is stored.
  // A date entered on a closed grant turns it on (withDatesTurningOn): a date alone never opened anything.
  const commit = (entered: Values) => {
    const { values: next, turnedOn } = withDatesTurningOn(sent, entered);
    setValues(next);
    const before = grant;
    startTransition(async () => {
      const grantForm = { groupId, kind, itemId: item.id, ...next };
      const refused = await dateErrors(grantForm);
      // Errors follow the newest press only: an earlier save finishing later leaves them alone.
      setErrors(refused);
      const isRefused = Boolean(refused.unlock_at || refused.expires_at);
      onUnsaved(item.id, isRefused);
      if (isRefused) return;
      setSent(next);
      const result = await saveGrant(grantForm).catch(() => UNREACHABLE);
      const state = `${switchText("is_unlocked", next.is_unlocked)}, ${switchText("is_visible", next.is_visible).toLowerCase()}`;
      report(result, "Сохранено", turnedOn ? `Дата включила доступ: ${state.toLowerCase()}` : state, () => restore(before));
    });
  };

  // A press held before hydration runs with the state of the hydration's render, from before the
  // dates were taken from their fields: it reads them from the fields, which hold what was typed.
  const toggle = (field: SwitchField) =>
    commit({
      ...values,
      [field]: !values[field],
      unlock_at: unlockField.current?.value ?? values.unlock_at,
      expires_at: expiresField.current?.value ?? values.expires_at,
    });

  const reset = () => {
    if (pending || !grant) return;
    const before = grant;
    startTransition(async () => {
      const result = await dropGrant({ groupId, kind, itemId: item.id }).catch(() => UNREACHABLE);
      if (result.ok) {
        setValues(formValues(undefined));
        setSent(formValues(undefined));
      }
      report(result, "Настройка группы снята", "Действует то, что задано по умолчанию", () => restore(before));
      if (result.ok) firstSwitch.current?.focus();
    });
  };

  const dateField = (field: DateField, label: string) => {
    const fieldId = `${id}-${field === "unlock_at" ? "unlock" : "expires"}`;
    const error = errors[field];
    // Left by Tab (after its last part: Tab first moves between the day, month, year and time), or Enter.
    const leave = () => {
      if (values[field] !== sent[field] || error) commit(values);
    };
    return (
      <div className="flex max-w-full flex-col gap-1 text-xs text-muted-foreground">
        <label htmlFor={fieldId}>{label}</label>
        <Input
          ref={field === "unlock_at" ? unlockField : expiresField}
          id={fieldId}
          type="datetime-local"
          compact
          value={values[field]}
          onChange={(event) => {
            setValues({ ...values, [field]: event.target.value });
            setErrors({});
          }}
          onBlur={leave}
          onKeyDown={(event) => event.key === "Enter" && leave()}
          aria-label={`${label}: ${item.label}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
        />
        {error && (
          <p id={`${fieldId}-error`} className="max-w-60 text-sm text-destructive">
            {error}. Не сохранено
          </p>
        )}
      </div>
    );
  };

  return (
    <li className="flex flex-col gap-3 rounded-lg border p-3" data-testid="grant-row" aria-busy={pending}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{item.label}</span>
        <Badge variant={grant ? "secondary" : "outline"}>{summary}</Badge>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        {(["is_unlocked", "is_visible"] as const).map((field) => (
          // The form makes a press before the script; after it, the click does, outside the form's
          // transition, so the switch turns as it is pressed and the next press starts from there.
          <ActionForm key={field} action={() => toggle(field)}>
            <label className="flex items-center gap-2 text-sm">
              <Switch
                ref={field === "is_unlocked" ? firstSwitch : undefined}
                {...heldSubmit(pending)}
                className={HELD_BUSY_CLASS}
                checked={values[field]}
                onClick={(event) => {
                  event.preventDefault();
                  toggle(field);
                }}
                aria-label={switchName(field, values[field], item.label)}
              />
              {switchText(field, values[field])}
            </label>
          </ActionForm>
        ))}
        {dateField("unlock_at", "Откроется (МСК)")}
        {dateField("expires_at", "Закроется (МСК)")}
        {!values.is_unlocked && (
          <p id={`${id}-dates-hint`} className="basis-full text-xs text-muted-foreground">
            Доступ закрыт: введённая дата включит его.
          </p>
        )}
        {grant && (
          <form action={reset}>
            <SubmitButton size="sm" variant="ghost" pending={pending}>
              Сбросить
            </SubmitButton>
          </form>
        )}
      </div>
    </li>
  );
}
