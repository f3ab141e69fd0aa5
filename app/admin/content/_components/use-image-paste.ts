"use client";

import type { ClipboardEvent, DragEvent } from "react";
import { orNoConnection } from "@/components/form-toasts";
import { toast } from "@/components/client-loading/toast";
import { IMAGE_MIME_TYPES, MATERIAL_TYPES } from "@/lib/domain/materials";
import { uploadFile } from "@/lib/storage/upload";
import { attachLessonImage, prepareMaterialUpload } from "../lessons/[lessonId]/actions";

interface Text {
  get(): string;
  set(value: string): void;
}


/** A pasted picture has no name of its own (a screenshot is «image.png»): it gets one with its type's extension. */
function nameOf(file: File): string {
  const extension = MATERIAL_TYPES[file.type]?.extensions[0] ?? "png";
  return /\.[a-z0-9]+$/i.test(file.name) && file.name !== "image.png" ? file.name : `картинка-${Date.now()}.${extension}`;
}

/** Markdown's alt text: the name without its extension, without the brackets that would end it. */
const altOf = (name: string) => name.replace(/\.[a-z0-9]+$/i, "").replace(/[[\]]/g, "");

/**
 * Pictures pasted or dropped into a lesson's text: each is uploaded to Storage and a Markdown
 * image put where the cursor was; until it has arrived, a placeholder says so. A new lesson is
 * first created as a draft (`ensureLesson`, use-lesson-draft.ts), so the picture has a place.
 */
export function useImagePaste(ensureLesson: () => Promise<string | null>, text: Text) {
  const insert = async (field: HTMLTextAreaElement, files: File[]) => {
    // The placeholders go in at once, where the cursor is, before anything is sent.
    const pending = files.map((file) => {
      const name = nameOf(file);
      const placeholder = `![Загружается ${altOf(name)}…]()`;
      const current = text.get();
      const at = field.selectionStart ?? current.length;
      text.set(`${current.slice(0, at)}${placeholder}${current.slice(field.selectionEnd ?? at)}`);
      // The next picture goes after this one, as they were pasted.
      if (field.value === text.get()) field.setSelectionRange(at + placeholder.length, at + placeholder.length);
      return { file, name, placeholder };
    });
    const lessonId = await ensureLesson();
    for (const { file, name, placeholder } of pending) {
      if (!lessonId) {
        text.set(text.get().replace(placeholder, ""));
        continue;
      }
      const result = await uploadFile(
        file,
        {
          prepare: () => orNoConnection(prepareMaterialUpload({ lessonId, fileName: name, size: file.size, purpose: "image" })),
          finish: (path) => orNoConnection(attachLessonImage({ lessonId, path, fileName: name })),
        },
        () => {},
      );
      text.set(text.get().replace(placeholder, result.ok ? `![${altOf(name)}](${result.data.url})` : ""));
      if (!result.ok) toast.error("Картинка не вставлена", { description: result.error });
    }
  };

  const imagesOf = (list: FileList | null | undefined) => [...(list ?? [])].filter((file) => IMAGE_MIME_TYPES.includes(file.type));

  return {
    onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
      const images = imagesOf(event.clipboardData?.files);
      if (!images.length) return;
      event.preventDefault();
      void insert(event.currentTarget, images);
    },
    onDrop(event: DragEvent<HTMLTextAreaElement>) {
      const images = imagesOf(event.dataTransfer?.files);
      if (!images.length) return;
      event.preventDefault();
      void insert(event.currentTarget, images);
    },
  };
}
