import type { Metadata } from "next";
import Link from "next/link";
import { Users } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { requireAdmin } from "@/lib/auth";
import { pluralRu } from "@/lib/domain/plural";
import { getGroupsOverview } from "@/lib/queries/groups";
import { GroupNameForm } from "./_components/group-forms";

export const metadata: Metadata = { title: "Группы", robots: { index: false } };

export default async function GroupsPage() {
  const [, groups] = await Promise.all([requireAdmin(), getGroupsOverview()]);
  return (
    <main id="main" className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/admin" backLabel="К панели администратора" title="Группы" />
      <p className="text-muted-foreground">
        Группа — это поток студентов: откройте ей модули, инструменты и уроки сразу для всех, по расписанию. Личные настройки
        студента важнее настроек группы.
      </p>
      <GroupNameForm />
      {groups.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">Групп пока нет</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Группы">
          {groups.map((group) => (
            <li key={group.id}>
              <Link
                href={`/admin/groups/${group.id}`}
                className="flex items-center gap-3 rounded-lg border bg-card p-4 outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <Users className="size-5 shrink-0 text-primary" aria-hidden />
                <span className="min-w-0 flex-1 font-medium">{group.name}</span>
                <span className="text-sm text-muted-foreground">{pluralRu(group.memberCount, { one: "студент", few: "студента", many: "студентов" })}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
