"use client";

import { useEffect, useState } from "react";
import { LessonBodyHtml } from "@/components/course/lesson-body-html";
import type { ActionResult } from "@/lib/actions/result";
import { cn } from "@/lib/utils";
import { previewLessonBody } from "../actions";

type PreviewResult = ActionResult<{ html: string }>;
type Preview = { source: string; result: PreviewResult };

const PREVIEW_DELAY_MS = 400;
const PREVIEW_UNREACHABLE: PreviewResult = { ok: false, error: "Не удалось показать предпросмотр: нет связи с сервером" };

interface Props {
  markdown: string;
  /** What the region is called for a screen reader, e.g. «Предпросмотр задания». */
  label: string;
  testId: string;
  className?: string;
}

/**
 * Markdown as the student will see it, rendered by the server (previewLessonBody, so the form's
 * script carries no parser) once typing pauses.
 */
export function MarkdownPreview({ markdown, label, testId, className }: Props) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const empty = !markdown.trim();
  useEffect(() => {
    if (empty) return;
    let current = true;
    const timer = window.setTimeout(async () => {
      const result = await previewLessonBody({ body_md: markdown }).catch(() => PREVIEW_UNREACHABLE);
      // An answer for text typed over since is dropped: the newer request answers for it.
      if (current) setPreview({ source: markdown, result });
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [markdown, empty]);

  const stale = preview !== null && preview.source !== markdown;
  let shown: React.ReactNode;
  if (empty || (!stale && preview?.result.ok && !preview.result.data.html)) {
    shown = <p className="text-sm text-muted-foreground">Пусто</p>;
  } else if (!preview) {
    shown = <p className="text-sm text-muted-foreground">Готовим предпросмотр…</p>;
  } else if (!preview.result.ok) {
    shown = <p className="text-sm text-destructive">{preview.result.error}</p>;
  } else {
    shown = <LessonBodyHtml html={preview.result.data.html} className={cn("transition-opacity", stale && "opacity-60")} />;
  }
  return (
    <section aria-label={label} className={cn("flex min-w-0 flex-col gap-2", className)}>
      <p className="text-sm font-medium leading-none max-lg:hidden">Предпросмотр</p>
      <div className="min-h-40 rounded-md border p-4 lg:max-h-[36rem] lg:overflow-y-auto" aria-busy={stale || (!empty && !preview)} data-testid={testId}>
        {shown}
      </div>
    </section>
  );
}
