"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { UserMinus } from "lucide-react";
import { toastFirstInvalid } from "@/components/form-toasts";
import { HookForm } from "@/components/forms/hook-form";
import { registerField } from "@/components/forms/register-field";
import { Badge } from "@/components/ui/badge";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import type { GroupCurator } from "@/lib/queries/groups";
import { curatorEmailSchema, type CuratorEmailForm } from "@/lib/validation/reviews";
import { addCurator, removeCurator } from "../actions";
import { report, UNREACHABLE } from "./group-result";

// `raw`: the address goes to the action as typed; the action parses it again.
const curatorEmailResolver = zodResolver(curatorEmailSchema, undefined, { raw: true });

/**
 * A group's curators: added by e-mail (someone who already holds the curator role), listed, removed.
 * The address field is react-hook-form's, so what was typed or pressed before the page's script is sent once it hydrates.
 */
export function GroupCurators({ groupId, curators }: { groupId: string; curators: GroupCurator[] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useForm<CuratorEmailForm>({ resolver: curatorEmailResolver, defaultValues: { groupId, email: "" } });

  const add = (values: CuratorEmailForm) =>
    startTransition(async () => {
      const result = report(await addCurator(values).catch(() => UNREACHABLE));
      if (!result.ok && result.fieldErrors?.email) form.setError("email", { message: result.fieldErrors.email });
      if (result.ok) {
        form.reset({ groupId, email: "" });
        router.refresh();
      }
    });
  const remove = (curator: GroupCurator) =>
    startTransition(async () => {
      if (report(await removeCurator({ groupId, userId: curator.id }).catch(() => UNREACHABLE), "Куратор убран из группы").ok) router.refresh();
    });

  return (
    <div className="flex flex-col gap-3">
      <HookForm form={form} onValid={add} onInvalid={toastFirstInvalid(["email"])} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <FormField id="curator-email" label="E-mail куратора" error={form.formState.errors.email?.message}>
            <Input type="email" autoComplete="off" placeholder="curator@example.com" {...registerField(form, "email")} />
          </FormField>
        </div>
        <SubmitButton pending={pending}>Добавить куратора</SubmitButton>
      </HookForm>
      {curators.length === 0 ? (
        <p className="text-sm text-muted-foreground">У группы пока нет кураторов: её работы проверяют администраторы</p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label="Кураторы группы" aria-busy={pending}>
          {curators.map((curator) => (
            <li key={curator.id} className="flex items-center justify-between gap-2 rounded-lg border px-3 py-2">
              <span className="min-w-0">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {curator.full_name || "Без имени"}
                  {!curator.reviews && <Badge variant="draft">нет роли куратора — не видит работы</Badge>}
                </span>
                <span className="block text-sm text-muted-foreground">{curator.email}</span>
              </span>
              {/* Its own form's submit: a press before the script is made once, after hydration. */}
              <form action={() => remove(curator)}>
                <SubmitButton variant="ghost" size="sm" pending={pending} aria-label={`Убрать куратора: ${curator.email}`}>
                  <UserMinus aria-hidden />
                  Убрать
                </SubmitButton>
              </form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
