import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LinkTabs } from "@/components/link-tabs";
import { PageHeader } from "@/components/page-header";
import { requireAdmin } from "@/lib/auth";
import { byOrderIndex } from "@/lib/domain/access";
import { grantSummary } from "@/lib/domain/access-source";
import { isUuid } from "@/lib/domain/paths";
import { getGroupPage } from "@/lib/queries/groups";
import { GroupCurators } from "../_components/curators";
import { DeleteGroupButton, MemberList } from "../_components/group-controls";
import { AddMembersForm, GroupNameForm } from "../_components/group-forms";
import { GrantList, type GrantItem } from "../_components/grant-list";
import { LessonGrants, type LessonSection } from "../_components/lesson-grants";

export const metadata: Metadata = { title: "Группа", robots: { index: false } };

export default async function GroupPage({ params }: { params: Promise<{ groupId: string }> }) {
  const { groupId } = await params;
  if (!isUuid(groupId)) notFound();
  const [, page] = await Promise.all([requireAdmin(), getGroupPage(groupId)]);
  if (!page.group) notFound();
  const group = page.group;

  const now = new Date();
  // An untouched item reads as in the student's panel (untouchedLabel): a lesson follows its tool or module.
  const parentOf = new Map(page.lessons.map((lesson) => [lesson.id, lesson.tool_id ? ("tool" as const) : lesson.course_module_id ? ("module" as const) : null]));
  const summaries = (kind: "module" | "tool" | "lesson", items: GrantItem[]) =>
    Object.fromEntries(
      items.map((item) => [
        item.id,
        grantSummary(
          page.grants.find((grant) => grant.kind === kind && grant.item_id === item.id),
          now,
          { kind, parent: parentOf.get(item.id) },
        ),
      ]),
    );
  const lessonItems = (parentId: string, parentName: string) =>
    byOrderIndex(page.lessons.filter((lesson) => (lesson.course_module_id ?? lesson.tool_id) === parentId)).map((lesson) => ({
      id: lesson.id,
      label: `${parentName} → ${lesson.title}`,
    }));
  // The lessons by course module, then by tool, each in the course's order.
  const lessonSections: LessonSection[] = [
    ...byOrderIndex(page.modules).map((module) => ({ key: module.id, title: `Модуль «${module.title}»`, items: lessonItems(module.id, module.title) })),
    ...byOrderIndex(page.tools).map((tool) => ({ key: tool.id, title: `Инструмент «${tool.name}»`, items: lessonItems(tool.id, tool.name) })),
  ].filter((section) => section.items.length > 0);
  const lists = {
    module: byOrderIndex(page.modules).map((module) => ({ id: module.id, label: module.title })),
    tool: byOrderIndex(page.tools).map((tool) => ({ id: tool.id, label: tool.name })),
  };
  const tabs = [
    { kind: "module", title: "Модули", empty: "Модулей пока нет" },
    { kind: "tool", title: "Инструменты", empty: "Инструментов пока нет" },
  ] as const;

  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/admin/groups" backLabel="К группам" title={group.name}>
        <DeleteGroupButton group={group} memberCount={page.members.length} />
      </PageHeader>
      <GroupNameForm group={group} />
      <section aria-labelledby="members-title" className="flex flex-col gap-3">
        <h2 id="members-title" className="text-xl font-semibold">
          Студенты группы ({page.members.length})
        </h2>
        <AddMembersForm groupId={group.id} />
        <MemberList group={group} members={page.members} />
      </section>
      <section aria-labelledby="curators-title" className="flex flex-col gap-3">
        <h2 id="curators-title" className="text-xl font-semibold">
          Кураторы
        </h2>
        <p className="text-sm text-muted-foreground">Куратор проверяет домашние работы студентов своих групп и видит только их.</p>
        <GroupCurators groupId={group.id} curators={page.curators} />
      </section>
      <section aria-labelledby="grants-title" className="flex flex-col gap-3">
        <h2 id="grants-title" className="text-xl font-semibold">
          Доступ группы
        </h2>
        <p className="text-sm text-muted-foreground">
          Даты — по московскому времени: доступ откроется и закроется сам. Личная настройка студента важнее настройки группы.
        </p>
        <LinkTabs
          tabs={[
            ...tabs.map((tab) => ({
              value: tab.kind,
              title: tab.title,
              content: (
                <GrantList
                  groupId={group.id}
                  kind={tab.kind}
                  items={lists[tab.kind]}
                  grants={page.grants}
                  summaries={summaries(tab.kind, lists[tab.kind])}
                  emptyText={tab.empty}
                />
              ),
            })),
            {
              value: "lesson",
              title: "Уроки",
              content: (
                <LessonGrants
                  groupId={group.id}
                  sections={lessonSections}
                  grants={page.grants}
                  summaries={summaries("lesson", lessonSections.flatMap((section) => section.items))}
                />
              ),
            },
          ]}
        />
      </section>
    </main>
  );
}
