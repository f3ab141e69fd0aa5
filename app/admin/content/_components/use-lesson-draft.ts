"use client";

import { useRef, useState } from "react";
import { toast } from "@/components/client-loading/toast";
import { lessonDraftValues, type LessonForm } from "@/lib/validation/content";
import { saveLesson } from "../actions";

/** The address of a lesson's studio page. */
export const studioLessonPath = (id: string) => `/admin/content/lessons/${id}`;

export interface LessonDraft {
  /** The lesson's id: the saved lesson's, or the draft's once created. */
  id: string | undefined;
  /** Whether this page created the lesson as a draft (it came from «Новый урок»). */
  createdHere: boolean;
  /**
   * The lesson's id, creating the lesson as a draft first when it has none: what needs a lesson
   * (a picture pasted into its text, a material, the homework) asks for it instead of refusing.
   * One draft however many ask at once; null when it could not be created (a toast says why).
   */
  ensure(): Promise<string | null>;
  /** The id, once a creation under way has ended; undefined when none was started. */
  settled(): Promise<string | undefined>;
}

/**
 * A new lesson that becomes a draft on the first thing that needs it. The draft holds what the
 * form holds (lessonDraftValues), unpublished; the page stays as it is (nothing is remounted, so
 * what was typed and where the focus is stay) and only its address becomes the lesson's, so a
 * reload, a bookmark or the back button find it.
 */
export function useLessonDraft(savedId: string | undefined, values: () => LessonForm, onCreated: (id: string) => void): LessonDraft {
  const [id, setId] = useState(savedId);
  const creating = useRef<Promise<string | null> | null>(null);

  const ensure = () => {
    if (id) return Promise.resolve(id);
    creating.current ??= (async () => {
      const result = await saveLesson(lessonDraftValues(values())).catch(() => null);
      if (!result?.ok) {
        creating.current = null;
        toast.error("Не удалось создать черновик урока", { description: result?.error ?? "Нет связи с сервером" });
        return null;
      }
      const created = result.data.id;
      setId(created);
      onCreated(created);
      // Next's router follows history.replaceState: the address changes, the page is not rendered again.
      window.history.replaceState(null, "", studioLessonPath(created));
      toast.success("Урок сохранён как черновик", { description: "Студенты его не видят, пока вы его не опубликуете" });
      return created;
    })();
    return creating.current;
  };

  const settled = async () => id ?? (creating.current ? ((await creating.current) ?? undefined) : undefined);

  return { id, createdHere: savedId === undefined && id !== undefined, ensure, settled };
}
