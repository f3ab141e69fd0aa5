"use client";

import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { withAccess, type AccessFlags, type AccessRecord } from "@/lib/domain/access";
import type { StudentSummary } from "@/lib/queries/admin";
import { AccessList, type AccessItem } from "./access-list";

interface Props {
  student: StudentSummary;
  modules: { id: string; title: string; order_index: number }[];
  tools: { id: string; name: string; order_index: number }[];
  lessons: { id: string; title: string; tool_id: string; order_index: number }[];
  access: { module: AccessRecord[]; tool: AccessRecord[]; lesson: AccessRecord[] };
}

function toolNote(tool: AccessFlags) {
  if (!tool.is_visible) return "инструмент скрыт";
  if (!tool.is_unlocked) return "инструмент закрыт";
  return null;
}

export function AccessPanel({ student, modules, tools, lessons, access }: Props) {
  const moduleItems: AccessItem[] = withAccess(modules, access.module).map((module) => ({ ...module, label: module.title }));
  const toolsWithAccess = withAccess(tools, access.tool);
  const toolItems: AccessItem[] = toolsWithAccess.map((tool) => ({ ...tool, label: tool.name }));
  const lessonsWithAccess = withAccess(lessons, access.lesson);
  const lessonGroups = toolsWithAccess
    .map((tool) => ({
      tool,
      items: lessonsWithAccess
        .filter((lesson) => lesson.tool_id === tool.id)
        .map((lesson) => ({ ...lesson, label: lesson.title, note: toolNote(tool) })),
    }))
    .filter((group) => group.items.length > 0);

  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">Доступ для {student.full_name || student.email}</h2>
      <Tabs defaultValue="modules">
        <TabsList>
          <TabsTrigger value="modules">Модули</TabsTrigger>
          <TabsTrigger value="tools">Инструменты</TabsTrigger>
          <TabsTrigger value="lessons">Уроки</TabsTrigger>
        </TabsList>
        <TabsContent value="modules">
          <AccessList kind="module" studentId={student.id} items={moduleItems} emptyText="Модулей пока нет" />
        </TabsContent>
        <TabsContent value="tools">
          <AccessList kind="tool" studentId={student.id} items={toolItems} emptyText="Инструментов пока нет" />
        </TabsContent>
        <TabsContent value="lessons" className="flex flex-col gap-6">
          {lessonGroups.length === 0 ? (
            <p className="text-muted-foreground">Уроков пока нет</p>
          ) : (
            lessonGroups.map(({ tool, items }) => (
              <section key={tool.id} aria-label={tool.name} className="flex flex-col gap-2">
                <h3 className="font-semibold">{tool.name}</h3>
                <AccessList kind="lesson" studentId={student.id} items={items} emptyText="" />
              </section>
            ))
          )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
