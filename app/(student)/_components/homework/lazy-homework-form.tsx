"use client";

import dynamic from "next/dynamic";

/**
 * The homework form (react-hook-form, zod, uploads) arrives only on a lesson that has an
 * assignment, after the page: imported with the page it put every lesson page, with an assignment
 * or not, at 257.4 kB of first-load JS, over the signed-in budget of 251.7 kB (115 kB more than a
 * lesson without it, 90 kB of that zod; docs/performance.md). It renders in the browser only, so
 * there is nothing to type into or press before its script can act.
 */
export const HomeworkForm = dynamic(() => import("./homework-form").then((module) => module.HomeworkForm), {
  ssr: false,
  loading: () => <p className="border-t pt-4 text-sm text-muted-foreground">Загружаем форму ответа…</p>,
});
