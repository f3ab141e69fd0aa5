"use client";

import dynamic from "next/dynamic";

/**
 * The homework form (react-hook-form, zod, uploads) is a chunk of its own: imported with the page it
 * put every lesson page, with an assignment or not, at 257.4 kB of first-load JS, over the signed-in
 * budget of 251.7 kB (docs/performance.md). The server renders it, so before its chunk arrives a
 * student types, picks or drops files and presses «Отправить на проверку» in the real form, and the
 * form takes all that as it hydrates; a lesson without an assignment never loads the chunk.
 */
export const HomeworkForm = dynamic(() => import("./homework-form").then((module) => module.HomeworkForm), {
  loading: () => <p className="border-t pt-4 text-sm text-muted-foreground">Загружаем форму ответа…</p>,
});
