"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { LinkTabs } from "@/components/link-tabs";
import { withAccess, withChange, type AccessFlags, type AccessKind, type AccessRecord } from "@/lib/domain/access";
import type { StudentSummary } from "@/lib/queries/admin";
import type { ProgressSummary } from "@/lib/queries/courses";
import { AccessList, type AccessItem } from "./access-list";
import { dismissUndoToasts } from "./access-toast";
import { PreviewButton } from "./preview-button";
import { StudentProgress } from "./student-progress";
import { useSwitchingAwayFrom } from "./selection";

interface Props {
  student: StudentSummary;
  modules: { id: string; title: string; order_index: number; is_published: boolean }[];
  tools: { id: string; name: string; order_index: number; is_published: boolean }[];
  lessons: { id: string; title: string; tool_id: string | null; course_module_id: string | null; order_index: number; is_published: boolean }[];
  access: { module: AccessRecord[]; tool: AccessRecord[]; lesson: AccessRecord[] };
  progress: ProgressSummary | null;
  /** The student's last activity, in Moscow time. */
  lastActivity: string | null;
  /** Each item's own decision and the access rule's verdict in words (public.access_verdicts). */
  effective: Record<AccessKind, Record<string, EffectiveRow>>;
}

export interface EffectiveRow extends AccessFlags {
  /** «Сейчас: открыт, виден · группа «…»» (formatted on the server: Moscow time). */
  label: string;
}

const DRAFT_NOTE = "черновик: студенты не видят";

export function AccessPanel({ student, modules, tools, lessons, access: loaded, progress, lastActivity, effective }: Props) {
  // Saved changes live here, above the tabs (which unmount hidden panels), so every tab, count
  // and lesson note shows what is saved without reloading the page.
  const [access, setAccess] = useState(loaded);
  const router = useRouter();
  // The effective-state lines come from the server: refreshed after every change.
  const onSaved = (kind: AccessKind) => (itemIds: string[], change: Partial<AccessFlags>) => {
    setAccess((current) => ({ ...current, [kind]: withChange(current[kind], itemIds, change) }));
    router.refresh();
  };
  const onDropped = (kind: AccessKind) => (itemId: string) => {
    setAccess((current) => ({ ...current, [kind]: current[kind].filter((record) => record.itemId !== itemId) }));
    router.refresh();
  };
  const draftNote = (item: { is_published: boolean }) => (item.is_published ? null : DRAFT_NOTE);
  const modulesWithAccess = withAccess(modules, access.module);
  const moduleItems: AccessItem[] = modulesWithAccess.map((module) => ({ ...module, label: module.title, note: draftNote(module), effective: effective.module[module.id] }));
  const toolsWithAccess = withAccess(tools, access.tool);
  const toolItems: AccessItem[] = toolsWithAccess.map((tool) => ({ ...tool, label: tool.name, note: draftNote(tool), effective: effective.tool[tool.id] }));
  const lessonsWithAccess = withAccess(lessons, access.lesson);
  const lessonGroups = [
    ...modules.map((module) => ({ parent: module, title: module.title, has: (lesson: (typeof lessons)[number]) => lesson.course_module_id === module.id })),
    ...tools.map((tool) => ({ parent: tool, title: tool.name, has: (lesson: (typeof lessons)[number]) => lesson.tool_id === tool.id })),
  ]
    .map(({ parent, title, has }) => ({
      key: parent.id,
      title,
      items: lessonsWithAccess
        .filter(has)
        .map((lesson) => ({ ...lesson, label: lesson.title, note: draftNote(lesson), effective: effective.lesson[lesson.id] })),
    }))
    .filter((group) => group.items.length > 0);
  const name = student.full_name || student.email;
  // While another student opens, this panel is inert: no switch can write for the wrong person.
  const stale = useSwitchingAwayFrom(student.id);
  useEffect(() => {
    if (stale) dismissUndoToasts();
  }, [stale]);
  useEffect(() => dismissUndoToasts, []);

  return (
    <div className="relative">
      {/* Outside the inert part, so screen readers still hear it. */}
      <p
        role="status"
        className={stale ? "absolute inset-x-0 top-0 z-10 rounded-md bg-background/90 p-2 text-center text-sm font-medium shadow" : "sr-only"}
      >
        {stale ? "Загружаем другого студента…" : ""}
      </p>
      <div className="flex flex-col gap-4" inert={stale} aria-busy={stale}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className={stale ? "text-xl font-semibold opacity-50" : "text-xl font-semibold"}>Доступ студента: {name}</h2>
          <PreviewButton studentId={student.id} />
        </div>
        <StudentProgress
          lastActivity={lastActivity}
          rows={[
            ...modules.map((module) => ({ id: module.id, title: module.title, progress: progress?.course_modules.find((row) => row.id === module.id) })),
            ...tools.map((tool) => ({ id: tool.id, title: tool.name, progress: progress?.tools.find((row) => row.id === tool.id) })),
          ]}
        />
        <LinkTabs
          tabs={[
            {
              value: "module",
              title: "Модули",
              content: <AccessList kind="module" student={{ id: student.id, name }} onSaved={onSaved("module")} onDropped={onDropped("module")} items={moduleItems} emptyText="Модулей пока нет" />,
            },
            {
              value: "tool",
              title: "Инструменты",
              content: <AccessList kind="tool" student={{ id: student.id, name }} onSaved={onSaved("tool")} onDropped={onDropped("tool")} items={toolItems} emptyText="Инструментов пока нет" />,
            },
            {
              value: "lesson",
              title: "Уроки",
              className: "flex flex-col gap-6",
              content:
                lessonGroups.length === 0 ? (
                  <p className="text-muted-foreground">Уроков пока нет</p>
                ) : (
                  lessonGroups.map(({ key, title, items }) => (
                    <section key={key} aria-label={title} className="flex flex-col gap-2">
                      <h3 className="font-semibold">{title}</h3>
                      <AccessList kind="lesson" student={{ id: student.id, name }} onSaved={onSaved("lesson")} onDropped={onDropped("lesson")} items={items} emptyText="" />
                    </section>
                  ))
                ),
            },
          ]}
        />
      </div>
    </div>
  );
}
