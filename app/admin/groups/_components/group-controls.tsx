"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Trash2, UserMinus } from "lucide-react";
import { ConfirmDialog } from "@/components/client-loading/confirm-dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { keptAfterRemoval, membershipLabel, removableByAdmin, type Membership } from "@/lib/domain/memberships";
import { deleteGroup, removeMember } from "../actions";
import { report, UNREACHABLE } from "./group-result";

interface Member {
  id: string;
  email: string;
  full_name: string | null;
  /** Every reason they are in the group: by hand, an order, a promo code. */
  memberships: Membership[];
}

const memberName = (member: Member) => member.full_name || member.email;

/**
 * The group's students, each with why they are here; removing one asks first, naming them and what
 * they lose. A confirmation rather than an undo: adding them back would announce the group's items
 * to them again. An admin removes only what an admin added: what an order or a promo code gave ends
 * with it (a refund), so such a member has no «Убрать».
 */
export function MemberList({ group, members }: { group: { id: string; name: string }; members: Member[] }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // The member stays named while the dialog closes; `open` alone decides whether it shows.
  const [removing, setRemoving] = useState<Member | null>(null);
  const [open, setOpen] = useState(false);
  if (members.length === 0) return <p className="text-sm text-muted-foreground">В группе пока никого нет</p>;
  const remove = (member: Member) =>
    startTransition(async () => {
      const result = await removeMember({ groupId: group.id, userId: member.id }).catch(() => UNREACHABLE);
      setOpen(false);
      if (report(result, `Больше не в группе: ${memberName(member)}`).ok) router.refresh();
    });
  return (
    <>
      <ul className="flex flex-col gap-1" aria-label="Студенты группы" aria-busy={pending}>
        {members.map((member) => (
          <li key={member.id} className="flex items-center justify-between gap-2 rounded-lg border px-3 py-2">
            <span className="min-w-0">
              <span className="block font-medium">{member.full_name || "Без имени"}</span>
              <span className="block text-sm text-muted-foreground">{member.email}</span>
              {member.memberships.some((membership) => membership.source !== "manual" || membership.ends_at) && (
                <span className="block text-sm text-muted-foreground">{member.memberships.map((membership) => membershipLabel(membership)).join("; ")}</span>
              )}
            </span>
            {removableByAdmin(member.memberships) && (
              // Its own form's submit: a press before the page's script is held by React and asks once it hydrates.
              <form
                action={() => {
                  setRemoving(member);
                  setOpen(true);
                }}
              >
                <SubmitButton variant="ghost" size="sm" aria-haspopup="dialog" aria-label={`Убрать из группы: ${memberName(member)}`}>
                  <UserMinus aria-hidden />
                  Убрать
                </SubmitButton>
              </form>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !pending && setOpen(next)}
        title="Убрать студента из группы?"
        description={removing && removalDescription(removing, group.name)}
        confirmLabel="Убрать"
        destructive
        stayOpen
        busy={pending}
        onConfirm={() => removing && remove(removing)}
      />
    </>
  );
}

export function DeleteGroupButton({ group, memberCount }: { group: { id: string; name: string }; memberCount: number }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  return (
    <>
      {/* Its own form's submit: a press before the page's script is held by React and asks once it hydrates. */}
      <form action={() => setOpen(true)}>
        <SubmitButton variant="outline" className="text-destructive" aria-haspopup="dialog" aria-expanded={open}>
          <Trash2 aria-hidden />
          Удалить группу
        </SubmitButton>
      </form>
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

function removalDescription(member: Member, groupName: string): string {
  const who = `${memberName(member)}${member.full_name ? ` (${member.email})` : ""}`;
  const kept = keptAfterRemoval(member.memberships);
  if (kept.length) return `${who} останется в группе «${groupName}»: ${kept.join("; ")}. Уберётся только добавление вручную.`;
  return `${who} потеряет доступ, который даёт группа «${groupName}». Личные настройки доступа не изменятся.`;
}
