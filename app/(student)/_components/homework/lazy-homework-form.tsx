"use client";

import dynamic from "next/dynamic";

/**
 * The homework form (react-hook-form, zod, uploads) arrives only on a lesson that has an
 * assignment, after the page: the other lessons do not carry its 20-odd kB. It renders in the
 * browser only, so there is nothing to type into or press before its script can act.
 */
export const HomeworkForm = dynamic(() => import("./homework-form").then((module) => module.HomeworkForm), {
  ssr: false,
  loading: () => <p className="border-t pt-4 text-sm text-muted-foreground">Загружаем форму ответа…</p>,
});
