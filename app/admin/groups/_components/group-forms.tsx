"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toastFirstInvalid } from "@/components/form-toasts";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { HookForm } from "@/components/forms/hook-form";
import { registerField } from "@/components/forms/register-field";
import { groupNameSchema, memberEmailsSchema, type GroupNameForm as GroupNameValues, type MemberEmailsForm } from "@/lib/validation/groups";
import { addMembers, saveGroup } from "../actions";
import { report, UNREACHABLE } from "./group-result";

// `raw`: the values go to the action as typed (the e-mails as the pasted text); the action parses them again.
const groupNameResolver = zodResolver(groupNameSchema, undefined, { raw: true });
const memberEmailsResolver = zodResolver(memberEmailsSchema, undefined, { raw: true });

/** Creates a group, or renames one. */
export function GroupNameForm({ group }: { group?: { id: string; name: string } }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useForm<GroupNameValues>({ resolver: groupNameResolver, defaultValues: { id: group?.id, name: group?.name ?? "" } });
  const save = (values: GroupNameValues) =>
    startTransition(async () => {
      const result = report(await saveGroup(values).catch(() => UNREACHABLE));
      if (!result.ok && result.fieldErrors?.name) form.setError("name", { message: result.fieldErrors.name });
      if (result.ok && !group) router.push(`/admin/groups/${result.data.id}`);
      else if (result.ok) router.refresh();
    });
  return (
    <HookForm form={form} onValid={save} onInvalid={toastFirstInvalid(["name"])} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <FormField id="name" label="Название группы" error={form.formState.errors.name?.message}>
          <Input autoComplete="off" placeholder="Поток: январь 2027" {...registerField(form, "name")} />
        </FormField>
      </div>
      <SubmitButton pending={pending}>
        {group ? "Переименовать" : "Создать группу"}
      </SubmitButton>
    </HookForm>
  );
}

/** Adds students by pasting their e-mails; all or none. */
export function AddMembersForm({ groupId }: { groupId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useForm<MemberEmailsForm>({ resolver: memberEmailsResolver, defaultValues: { groupId, emails: "" } });
  const add = (values: MemberEmailsForm) =>
    startTransition(async () => {
      const result = report(await addMembers(values).catch(() => UNREACHABLE));
      if (!result.ok && result.fieldErrors?.emails) form.setError("emails", { message: result.fieldErrors.emails });
      if (result.ok) {
        form.reset({ groupId, emails: "" });
        router.refresh();
      }
    });
  return (
    <HookForm form={form} onValid={add} onInvalid={toastFirstInvalid(["emails"])} className="flex flex-col gap-3">
      <FormField id="emails" label="E-mail студентов: по одному в строке или через запятую" error={form.formState.errors.emails?.message}>
        <Textarea rows={4} placeholder={"anna@example.com\nivan@example.com"} {...registerField(form, "emails")} />
      </FormField>
      <SubmitButton className="self-start" pending={pending}>
        Добавить в группу
      </SubmitButton>
    </HookForm>
  );
}
