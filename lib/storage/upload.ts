import type { ActionResult } from "@/lib/actions/result";

/**
 * The browser's part of an upload: the file goes straight to Storage through the URL the server
 * signed (so 50 MB never passes through the app), with its progress; then the server checks what
 * arrived. Used by the studio's materials and by pictures pasted into a lesson's text.
 */

export interface UploadSteps<T> {
  prepare(): Promise<ActionResult<{ uploadUrl: string; path: string; mime: string }>>;
  finish(path: string): Promise<ActionResult<T>>;
}

/** What Storage answers for a refused upload, in Russian. */
function storageRefusal(status: number): string {
  if (status === 413) return "Файл слишком большой — такой не прикрепить";
  if (status === 415) return "Такой тип файла нельзя прикрепить";
  if (status === 0) return "Нет связи с хранилищем — проверьте интернет и попробуйте ещё раз";
  return "Файл не загрузился — попробуйте ещё раз";
}

function put(url: string, file: File, mime: string, onProgress: (fraction: number) => void): Promise<number> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.setRequestHeader("content-type", mime);
    request.setRequestHeader("x-upsert", "false");
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => resolve(request.status);
    request.onerror = () => resolve(0);
    request.send(file);
  });
}

export async function uploadFile<T>(file: File, steps: UploadSteps<T>, onProgress: (fraction: number) => void): Promise<ActionResult<T>> {
  const prepared = await steps.prepare();
  if (!prepared.ok) return prepared;
  const status = await put(prepared.data.uploadUrl, file, prepared.data.mime, onProgress);
  if (status < 200 || status >= 300) return { ok: false, error: storageRefusal(status) };
  onProgress(1);
  return steps.finish(prepared.data.path);
}
