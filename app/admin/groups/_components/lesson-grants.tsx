"use client";

import { useDeferredValue, useState } from "react";
import { Input } from "@/components/ui/input";
import type { GroupGrant } from "@/lib/queries/groups";
import { GrantList, type GrantItem } from "./grant-list";

export interface LessonSection {
  /** The tool's or course module's id. */
  key: string;
  /** «Инструмент «Lovable»», «Модуль «Идея»». */
  title: string;
  items: GrantItem[];
}

const matches = (text: string, query: string) => text.toLocaleLowerCase("ru").includes(query);

/**
 * A group's lesson grants by tool and course module, in the course's order, with a search by the
 * lesson's or its tool's name: a school of many lessons is not one interleaved list.
 */
export function LessonGrants({
  groupId,
  sections,
  grants,
  summaries,
}: {
  groupId: string;
  sections: LessonSection[];
  grants: GroupGrant[];
  summaries: Record<string, string>;
}) {
  const [query, setQuery] = useState("");
  const wanted = useDeferredValue(query.trim().toLocaleLowerCase("ru"));
  if (sections.length === 0) return <p className="text-muted-foreground">Уроков пока нет</p>;
  const shown = sections
    .map((section) => ({ ...section, items: !wanted || matches(section.title, wanted) ? section.items : section.items.filter((item) => matches(item.label, wanted)) }))
    .filter((section) => section.items.length > 0);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex max-w-md flex-col gap-1">
        <label htmlFor={`lesson-search-${groupId}`} className="text-sm font-medium">
          Найти урок
        </label>
        <Input
          id={`lesson-search-${groupId}`}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Название урока, инструмента или модуля"
          aria-describedby={`lesson-search-${groupId}-count`}
        />
        <p id={`lesson-search-${groupId}-count`} role="status" className="text-xs text-muted-foreground">
          {wanted ? (shown.length ? `Найдено уроков: ${shown.reduce((sum, section) => sum + section.items.length, 0)}` : "Ничего не найдено") : ""}
        </p>
      </div>
      {shown.map((section) => (
        <section key={section.key} aria-labelledby={`lessons-of-${section.key}`} className="flex flex-col gap-2">
          <h3 id={`lessons-of-${section.key}`} className="font-semibold">
            {section.title}
          </h3>
          <GrantList groupId={groupId} kind="lesson" items={section.items} grants={grants} summaries={summaries} emptyText="" />
        </section>
      ))}
    </div>
  );
}
