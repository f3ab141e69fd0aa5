"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { UserMinus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import type { GroupCurator } from "@/lib/queries/groups";
import { addCurator, removeCurator } from "../actions";
import { report, UNREACHABLE } from "./group-result";

/**
 * A group's curators: added by e-mail (someone who already holds the curator role), listed, removed.
 * The address is checked by the action's schema: one field needs no form library.
 */
export function GroupCurators({ groupId, curators }: { groupId: string; curators: GroupCurator[] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();

  const add = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = report(await addCurator({ groupId, email }).catch(() => UNREACHABLE));
      setError(result.ok ? undefined : result.fieldErrors?.email);
      if (result.ok) {
        setEmail("");
        router.refresh();
      }
    });
  };
  const remove = (curator: GroupCurator) =>
    startTransition(async () => {
      if (report(await removeCurator({ groupId, userId: curator.id }).catch(() => UNREACHABLE), "Куратор убран из группы").ok) router.refresh();
    });

  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={add} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <FormField id="curator-email" label="E-mail куратора" error={error}>
            <Input
              type="email"
              autoComplete="off"
              placeholder="curator@example.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(undefined);
              }}
            />
          </FormField>
        </div>
        <SubmitButton pending={pending}>Добавить куратора</SubmitButton>
      </form>
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
              <Button variant="ghost" size="sm" disabled={pending} aria-label={`Убрать куратора: ${curator.email}`} onClick={() => remove(curator)}>
                <UserMinus aria-hidden />
                Убрать
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
