"use client";

import { useRef, useState } from "react";
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
  // The list as the uploads leave it, read by `settled`: a press of «Отправить» made before the
  // script is replayed with the render that had not seen the files yet.
  const latest = useRef(files);
  const running = useRef(new Set<Promise<void>>());
  const change = (next: (list: AttachedFile[]) => AttachedFile[]) => {
    latest.current = next(latest.current);
    setFiles(latest.current);
  };
  const update = (key: string, fields: Partial<AttachedFile>) => change((list) => list.map((item) => (item.key === key ? { ...item, ...fields } : item)));

  const upload = async (picked: File[]) => {
    const room = HOMEWORK_FILES_MAX - latest.current.filter((item) => !item.error).length;
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
    change((list) => [...list, ...queued.map(({ key, file, error }) => ({ key, name: file.name, progress: 0, error }))]);
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

  const attach = (picked: File[]) => {
    const run = upload(picked);
    running.current.add(run);
    void run.finally(() => running.current.delete(run));
  };

  return {
    files,
    attach,
    remove: (key: string) => change((list) => list.filter((item) => item.key !== key)),
    clear: () => change(() => []),
    uploading: files.some((item) => !item.path && !item.error),
    /** What the work is handed in with, once the uploads under way have ended. */
    settled: async () => {
      await Promise.allSettled(running.current);
      return latest.current.flatMap((item) => (item.path ? [{ path: item.path, fileName: item.name }] : []));
    },
  };
}
