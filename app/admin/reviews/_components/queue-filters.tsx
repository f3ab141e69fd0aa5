"use client";

import { useLayoutEffect, useRef, useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { parseQueueFilters, QUEUE_TRACKS, queueHref, type QueueFilters } from "@/lib/domain/reviews";
import type { LessonOption } from "@/lib/queries/reviews";
import { ToolAndModuleOptions } from "@/components/item-options";

interface Options {
  /** Every group for an admin, the groups they curate for a curator. */
  groups: { id: string; name: string }[];
  tools: { id: string; name: string }[];
  modules: { id: string; title: string }[];
  lessons: LessonOption[];
}

/** What a changed field leaves of the narrower ones: a tool of the other track, a lesson of another tool go. */
function narrowed(next: QueueFilters, options: Options): QueueFilters {
  const trackOf = (itemId: string) => (options.tools.some((tool) => tool.id === itemId) ? "tech" : "product");
  const itemId = next.itemId && next.track && trackOf(next.itemId) !== next.track ? null : next.itemId;
  const lesson = options.lessons.find((option) => option.id === next.lessonId);
  const lessonFits = lesson && (!itemId || lesson.itemId === itemId) && (!next.track || lesson.track === next.track);
  return { ...next, itemId, lessonId: lessonFits ? next.lessonId : null };
}

/**
 * The queue's filters, sent by «Показать» (a select that navigated at every arrow key would lose
 * the keyboard's place). The address carries them, so a filtered queue can be bookmarked; the
 * lists narrow as the fields above them change. Without a script the form is sent as it is.
 */
export function QueueFilterForm({ filters, options }: { filters: QueueFilters; options: Options }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [chosen, setChosen] = useState(filters);
  const choose = (change: Partial<QueueFilters>) => setChosen((current) => narrowed({ ...current, ...change }, options));
  // What was chosen before the script arrived: React keeps it in the selects but tells no handler.
  const formElement = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const form = formElement.current;
    if (!form) return;
    const { groupId, track, itemId, lessonId } = parseQueueFilters(Object.fromEntries(new FormData(form)) as Record<string, string>);
    choose({ groupId, track, itemId, lessonId });
    // Once, as hydration leaves the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const tools = chosen.track === "product" ? [] : options.tools;
  const modules = chosen.track === "tech" ? [] : options.modules;
  const lessons = options.lessons.filter(
    (lesson) => (!chosen.itemId || lesson.itemId === chosen.itemId) && (!chosen.track || lesson.track === chosen.track),
  );
  const itemName = new Map([...options.tools.map((tool) => [tool.id, tool.name] as const), ...options.modules.map((module) => [module.id, module.title] as const)]);
  const uuidOrNull = (value: string) => value || null;

  return (
    <form
      ref={formElement}
      action="/admin/reviews"
      method="get"
      aria-label="Фильтры очереди"
      aria-busy={pending}
      className="grid grid-cols-1 gap-3 rounded-lg border p-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(() => router.push(queueHref(chosen)));
      }}
    >
      {filters.status !== "submitted" && <input type="hidden" name="status" value={filters.status} />}
      {options.groups.length > 0 && (
        <Field id="queue-group" label="Группа">
          <NativeSelect id="queue-group" name="group" value={chosen.groupId ?? ""} onChange={(event) => choose({ groupId: uuidOrNull(event.target.value) })}>
            <option value="">Все группы</option>
            {options.groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      <Field id="queue-track" label="Трек">
        <NativeSelect
          id="queue-track"
          name="track"
          value={chosen.track ?? ""}
          onChange={(event) => choose({ track: parseQueueFilters({ track: event.target.value }).track })}
        >
          <option value="">Оба трека</option>
          {QUEUE_TRACKS.map((track) => (
            <option key={track.value} value={track.value}>
              {track.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="queue-item" label="Инструмент или модуль">
        <NativeSelect id="queue-item" name="item" value={chosen.itemId ?? ""} onChange={(event) => choose({ itemId: uuidOrNull(event.target.value) })}>
          <option value="">Все</option>
          <ToolAndModuleOptions tools={tools.map((tool) => ({ id: tool.id, title: tool.name }))} modules={modules} />
        </NativeSelect>
      </Field>
      <Field id="queue-lesson" label="Урок">
        <NativeSelect id="queue-lesson" name="lesson" value={chosen.lessonId ?? ""} onChange={(event) => choose({ lessonId: uuidOrNull(event.target.value) })}>
          <option value="">Все уроки с заданием</option>
          {lessons.map((lesson) => (
            <option key={lesson.id} value={lesson.id}>
              {chosen.itemId ? lesson.title : `${itemName.get(lesson.itemId) ?? ""} → ${lesson.title}`}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="flex gap-2">
        <Button type="submit" variant="outline" aria-busy={pending}>
          Показать
        </Button>
        <Button asChild variant="ghost">
          <Link href={queueHref({ ...filters, groupId: null, track: null, itemId: null, lessonId: null })}>Сбросить</Link>
        </Button>
      </div>
    </form>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
