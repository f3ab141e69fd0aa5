"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toastFirstInvalid } from "@/components/form-toasts";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { registerWithValue } from "@/components/client-loading/register-with-value";
import { lazyZodResolver } from "@/components/client-loading/lazy-zod-resolver";
import type { GroupNameForm as GroupNameValues, MemberEmailsForm } from "@/lib/validation/groups";
import { addMembers, saveGroup } from "../actions";
import { report, UNREACHABLE } from "./group-result";

const groupNameResolver = lazyZodResolver<GroupNameValues>(() => import("@/lib/validation/groups").then((schemas) => schemas.groupNameSchema));
const memberEmailsResolver = lazyZodResolver<MemberEmailsForm>(() => import("@/lib/validation/groups").then((schemas) => schemas.memberEmailsSchema));

/** Creates a group, or renames one. */
export function GroupNameForm({ group }: { group?: { id: string; name: string } }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useForm<GroupNameValues>({ resolver: groupNameResolver, defaultValues: { id: group?.id, name: group?.name ?? "" } });
  const submit = form.handleSubmit(
    (values) =>
      startTransition(async () => {
        const result = report(await saveGroup(values).catch(() => UNREACHABLE));
        if (!result.ok && result.fieldErrors?.name) form.setError("name", { message: result.fieldErrors.name });
        if (result.ok && !group) router.push(`/admin/groups/${result.data.id}`);
        else if (result.ok) router.refresh();
      }),
    toastFirstInvalid(["name"]),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <FormField id="name" label="Название группы" error={form.formState.errors.name?.message}>
          <Input autoComplete="off" placeholder="Поток: январь 2027" {...registerWithValue(form, "name")} />
        </FormField>
      </div>
      <SubmitButton pending={pending}>
        {group ? "Переименовать" : "Создать группу"}
      </SubmitButton>
    </form>
  );
}

/** Adds students by pasting their e-mails; all or none. */
export function AddMembersForm({ groupId }: { groupId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useForm<MemberEmailsForm>({ resolver: memberEmailsResolver, defaultValues: { groupId, emails: "" } });
  const submit = form.handleSubmit(
    (values) =>
      startTransition(async () => {
        const result = report(await addMembers(values).catch(() => UNREACHABLE));
        if (!result.ok && result.fieldErrors?.emails) form.setError("emails", { message: result.fieldErrors.emails });
        if (result.ok) {
          form.reset({ groupId, emails: "" });
          router.refresh();
        }
      }),
    toastFirstInvalid(["emails"]),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <FormField id="emails" label="E-mail студентов: по одному в строке или через запятую" error={form.formState.errors.emails?.message}>
        <Textarea rows={4} placeholder={"anna@example.com\nivan@example.com"} {...registerWithValue(form, "emails")} />
      </FormField>
      <SubmitButton className="self-start" pending={pending}>
        Добавить в группу
      </SubmitButton>
    </form>
  );
}
