"use client";

import { useEffect } from "react";
import { recordLessonOpened } from "../actions";

/**
 * Records the opening once the lesson is on screen. From the client, because Next runs server
 * actions one at a time in click order: a refresh of the previous lesson (after «Отметить
 * пройденным») can no longer be recorded after the lesson the student moved on to.
 */
export function RecordLessonOpened({ lessonId }: { lessonId: string }) {
  useEffect(() => {
    // Progress is a convenience: a lost record must not disturb the lesson.
    recordLessonOpened(lessonId).catch(() => undefined);
  }, [lessonId]);
  return null;
}
