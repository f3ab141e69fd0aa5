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
 * image put where the cursor was; until it has arrived, a placeholder says so. Without a saved
 * lesson (a new one) there is nowhere to keep them yet, and the text says so.
 */
export function useImagePaste(lessonId: string | undefined, text: Text) {
  const insert = async (field: HTMLTextAreaElement, files: File[]) => {
    if (!lessonId) {
      toast.error("Картинку пока некуда сохранить", { description: "Сохраните урок, затем вставьте картинку" });
      return;
    }
    for (const file of files) {
      const name = nameOf(file);
      const placeholder = `![Загружается ${altOf(name)}…]()`;
      const current = text.get();
      const at = field.selectionStart ?? current.length;
      text.set(`${current.slice(0, at)}${placeholder}${current.slice(field.selectionEnd ?? at)}`);
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
