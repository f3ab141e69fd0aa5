"use client";

import { useState } from "react";
import { orNoConnection } from "@/components/form-toasts";
import { HOMEWORK_FILES_MAX, HOMEWORK_MAX_BYTES } from "@/lib/domain/submissions";
import { uploadFile } from "@/lib/storage/upload";
import { checkHomeworkUpload, prepareHomeworkUpload } from "../../homework-actions";

/** A file attached to the work: uploading (progress below 1), uploaded (`path`), or refused (`error`). */
export interface AttachedFile {
  key: string;
  name: string;
  progress: number;
  path?: string;
  error?: string;
}


/**
 * The files of a work being written: each goes from the browser straight to Storage as soon as it
 * is picked, one after another, and is checked there; the work is handed in with their paths.
 */
export function useHomeworkFiles(assignmentId: string) {
  const [files, setFiles] = useState<AttachedFile[]>([]);
  const update = (key: string, change: Partial<AttachedFile>) => setFiles((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const attach = async (picked: File[]) => {
    const room = HOMEWORK_FILES_MAX - files.filter((item) => !item.error).length;
    const queued = picked.map((file, index) => ({
      file,
      key: `${file.name}-${file.size}-${Math.random()}`,
      // Said before anything is sent: the bucket would refuse it after the whole upload.
      error:
        index >= room
          ? `Не больше ${HOMEWORK_FILES_MAX} файлов в одной работе`
          : file.size > HOMEWORK_MAX_BYTES
            ? "Файл больше 20 МБ — такой не прикрепить"
            : undefined,
    }));
    setFiles((list) => [...list, ...queued.map(({ key, file, error }) => ({ key, name: file.name, progress: 0, error }))]);
    for (const { file, key, error } of queued) {
      if (error) continue;
      const result = await uploadFile(
        file,
        {
          prepare: () => orNoConnection(prepareHomeworkUpload({ assignmentId, fileName: file.name, size: file.size })),
          finish: (path) => orNoConnection(checkHomeworkUpload({ assignmentId, path, fileName: file.name })),
        },
        (progress) => update(key, { progress: Math.min(progress, 0.99) }),
      );
      update(key, result.ok ? { path: result.data.path, progress: 1 } : { error: result.error });
    }
  };

  return {
    files,
    attach,
    remove: (key: string) => setFiles((list) => list.filter((item) => item.key !== key)),
    clear: () => setFiles([]),
    uploading: files.some((item) => !item.path && !item.error),
    /** What the work is handed in with. */
    uploaded: files.flatMap((item) => (item.path ? [{ path: item.path, fileName: item.name }] : [])),
  };
}
