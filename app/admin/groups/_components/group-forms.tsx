"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { Trash2, UserMinus } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { NO_CONNECTION, toastFirstInvalid } from "@/components/form-toasts";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useHydrated } from "@/lib/use-hydrated";
import { lazyZodResolver } from "@/lib/validation/form-resolver";
import type { GroupNameForm, MemberEmailsForm } from "@/lib/validation/groups";
import { addMembers, deleteGroup, removeMember, saveGroup, type GroupResult } from "../actions";

const UNREACHABLE: GroupResult = { ok: false, error: NO_CONNECTION };

/** Runs a cohort action and reports it: the message or «Сохранено», or the error. */
function report(result: GroupResult, success = "Сохранено") {
  if (result.ok) toast.success(result.message ?? success);
  else toast.error(result.error);
  return result;
}

const groupNameResolver = lazyZodResolver<GroupNameForm>(() => import("@/lib/validation/groups").then((schemas) => schemas.groupNameSchema));
const memberEmailsResolver = lazyZodResolver<MemberEmailsForm>(() => import("@/lib/validation/groups").then((schemas) => schemas.memberEmailsSchema));

/** Creates a group, or renames one. */
export function GroupNameFormView({ group }: { group?: { id: string; name: string } }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [pending, startTransition] = useTransition();
  const form = useForm<GroupNameForm>({ resolver: groupNameResolver, defaultValues: { id: group?.id, name: group?.name ?? "" } });
  const submit = form.handleSubmit(
    (values) =>
      startTransition(async () => {
        const result = report(await saveGroup(values).catch(() => UNREACHABLE));
        if (!result.ok && result.field === "name") form.setError("name", { message: result.error });
        if (result.ok && !group && result.id) router.push(`/admin/groups/${result.id}`);
        else if (result.ok) router.refresh();
      }),
    toastFirstInvalid(["name"]),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <FormField id="name" label="Название группы" error={form.formState.errors.name?.message}>
          <Input autoComplete="off" placeholder="Поток: январь 2027" {...form.register("name")} />
        </FormField>
      </div>
      <SubmitButton pending={pending} disabled={!hydrated}>
        {group ? "Переименовать" : "Создать группу"}
      </SubmitButton>
    </form>
  );
}

/** Adds students by pasting their e-mails; all or none. */
export function AddMembersForm({ groupId }: { groupId: string }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [pending, startTransition] = useTransition();
  const form = useForm<MemberEmailsForm>({ resolver: memberEmailsResolver, defaultValues: { groupId, emails: "" } });
  const submit = form.handleSubmit(
    (values) =>
      startTransition(async () => {
        const result = report(await addMembers(values).catch(() => UNREACHABLE));
        if (!result.ok && result.field === "emails") form.setError("emails", { message: result.error });
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
        <Textarea rows={4} placeholder={"anna@example.com\nivan@example.com"} {...form.register("emails")} />
      </FormField>
      <SubmitButton className="self-start" pending={pending} disabled={!hydrated}>
        Добавить в группу
      </SubmitButton>
    </form>
  );
}

export function MemberList({ groupId, members }: { groupId: string; members: { id: string; email: string; full_name: string | null }[] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  if (members.length === 0) return <p className="text-sm text-muted-foreground">В группе пока никого нет</p>;
  return (
    <ul className="flex flex-col gap-1" aria-label="Студенты группы" aria-busy={pending}>
      {members.map((member) => (
        <li key={member.id} className="flex items-center justify-between gap-2 rounded-lg border px-3 py-2">
          <span className="min-w-0">
            <span className="block font-medium">{member.full_name || "Без имени"}</span>
            <span className="block truncate text-sm text-muted-foreground">{member.email}</span>
          </span>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Убрать из группы: ${member.email}`}
            onClick={() =>
              startTransition(async () => {
                if (report(await removeMember({ groupId, userId: member.id }).catch(() => UNREACHABLE), "Убран из группы").ok) router.refresh();
              })
            }
          >
            <UserMinus aria-hidden />
            Убрать
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function DeleteGroupButton({ group, memberCount }: { group: { id: string; name: string }; memberCount: number }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  return (
    <>
      <Button variant="outline" className="text-destructive" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
        Удалить группу
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Удалить группу «${group.name}»?`}
        description={`Студенты (${memberCount}) останутся в школе, но потеряют доступ, который давала эта группа. Личные настройки доступа не изменятся.`}
        confirmLabel="Удалить"
        destructive
        stayOpen
        busy={pending}
        onConfirm={() =>
          startTransition(async () => {
            if (report(await deleteGroup(group.id).catch(() => UNREACHABLE)).ok) router.push("/admin/groups");
          })
        }
      />
    </>
  );
}
