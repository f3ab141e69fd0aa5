"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Trash2, UserMinus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { deleteGroup, removeMember } from "../actions";
import { report, UNREACHABLE } from "./group-result";

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
