"use client";

import { useEffect, useRef, useState, useTransition, type DragEvent } from "react";
import { useRouter } from "next/navigation";
import { ArrowDown, ArrowUp, Trash2, Upload } from "lucide-react";
import { orNoConnection } from "@/components/form-toasts";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/client-loading/confirm-dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/client-loading/toast";
import { useEarlyValue } from "@/components/forms/use-early-value";
import { fileSizeLabel, materialLabel, MATERIAL_ACCEPT } from "@/lib/domain/materials";
import type { LessonAttachment } from "@/lib/queries/courses";
import { uploadFile } from "@/lib/storage/upload";
import { useHydrated } from "@/components/forms/use-hydrated";
import {
  attachMaterial,
  deleteLessonMaterial,
  prepareMaterialUpload,
  renameLessonMaterial,
  reorderLessonMaterials,
} from "../lessons/[lessonId]/actions";


interface Upload {
  key: string;
  name: string;
  progress: number;
  error?: string;
}


interface Props {
  /** The lesson's id; none while a new lesson has not been created yet. */
  lessonId: string | undefined;
  /** The lesson's id, a new lesson created as a draft first (use-lesson-draft.ts). */
  ensureLesson: () => Promise<string | null>;
  attachments: LessonAttachment[];
  /**
   * Whether a change may render the page again (router.refresh). Not on a lesson this page created
   * as a draft: its address is the lesson's, and rendering it would replace the form being filled in.
   */
  refresh: boolean;
  /** Told when uploads start and end. */
  onBusyChange?: (busy: boolean) => void;
}

/**
 * The studio's materials of one lesson: upload (drop or pick, several at once, with progress),
 * rename, reorder, delete. Each change is saved as it is made; the list shows it at once.
 */
export function LessonMaterialsEditor({ lessonId, ensureLesson, attachments, refresh, onBusyChange }: Props) {
  const router = useRouter();
  const refreshPage = () => {
    if (refresh) router.refresh();
  };
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [order, setOrder] = useState(attachments);
  const [savedOrder, setSavedOrder] = useState(attachments);
  if (savedOrder !== attachments) {
    setSavedOrder(attachments);
    setOrder(attachments);
  }
  const [dragOver, setDragOver] = useState(false);
  const [pending, startTransition] = useTransition();
  // Before the script, the move buttons say they cannot act yet (as the studio's lists do).
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);

  const update = (key: string, change: Partial<Upload>) => setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const uploadAll = async (files: File[]) => {
    const queued = files.map((file) => ({ file, key: `${file.name}-${file.size}-${Math.random()}` }));
    setUploads((list) => [...list.filter((item) => item.error === undefined && item.progress < 1), ...queued.map(({ file, key }) => ({ key, name: file.name, progress: 0 }))]);
    onBusyChange?.(true);
    try {
      await uploadEach(queued);
    } finally {
      onBusyChange?.(false);
    }
  };

  const uploadEach = async (queued: { file: File; key: string }[]) => {
    const lessonId = await ensureLesson();
    if (!lessonId) {
      setUploads((list) => list.filter((item) => !queued.some(({ key }) => key === item.key)));
      return;
    }
    for (const { file, key } of queued) {
      const result = await uploadFile(
        file,
        {
          prepare: () => orNoConnection(prepareMaterialUpload({ lessonId, fileName: file.name, size: file.size, purpose: "material" })),
          finish: (path) => orNoConnection(attachMaterial({ lessonId, path, fileName: file.name })),
        },
        (progress) => update(key, { progress }),
      );
      if (result.ok) {
        setUploads((list) => list.filter((item) => item.key !== key));
        const added = result.data;
        if (added) setOrder((list) => [...list, added]);
        toast.success("Материал добавлен", { description: file.name });
        refreshPage();
      } else {
        update(key, { error: result.error });
        toast.error("Файл не добавлен", { description: `${file.name}: ${result.error}` });
      }
    }
  };

  const pick = (files: FileList | null) => {
    if (!files?.length) return;
    void uploadAll([...files]);
    if (input.current) input.current.value = "";
  };

  // Files picked or dropped before this script arrived are still in the field: they are uploaded now.
  useEffect(() => pick(input.current?.files ?? null), []); // eslint-disable-line react-hooks/exhaustive-deps

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    pick(event.dataTransfer.files);
  };

  const move = (index: number, step: -1 | 1) => {
    if (!lessonId) return;
    const previous = order;
    const next = [...order];
    [next[index], next[index + step]] = [next[index + step], next[index]];
    setOrder(next);
    startTransition(async () => {
      const result = await orNoConnection(reorderLessonMaterials({ lessonId, ids: next.map((item) => item.id) }));
      if (!result.ok) {
        setOrder(previous);
        toast.error("Порядок не сохранён", { description: result.error });
        return;
      }
      refreshPage();
    });
  };

  return (
    <section aria-labelledby="materials-title" className="flex flex-col gap-4">
      <h2 id="materials-title" className="text-lg font-semibold">
        Материалы урока
      </h2>
      <p className="-mt-2 text-sm text-muted-foreground">Файлы сохраняются в уроке сразу после загрузки — отдельной кнопки нет.</p>
      <label
        onDragOver={(event) => {
          event.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        className={`relative flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 ${dragOver ? "border-primary bg-primary/5" : ""}`}
      >
        <Upload className="size-6 text-muted-foreground" aria-hidden />
        <span className="font-medium">Перетащите файлы сюда или выберите</span>
        <span className="text-muted-foreground">PDF, документы, таблицы, презентации, текстовые файлы, архивы и картинки — до 50 МБ каждый</span>
        {/* The field covers the zone, unseen: a file dropped before the script lands in it (the browser's own
            drop on a file field) rather than opening in the tab, and is uploaded on hydration. */}
        <input
          ref={input}
          type="file"
          multiple
          accept={MATERIAL_ACCEPT}
          className="absolute inset-0 size-full cursor-pointer opacity-0"
          onChange={(event) => pick(event.target.files)}
        />
      </label>

      {uploads.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Загрузки">
          {uploads.map((upload) => (
            <li key={upload.key} className="flex flex-col gap-1 text-sm">
              <span className="[overflow-wrap:anywhere]">{upload.name}</span>
              {upload.error ? (
                <span className="text-destructive">{upload.error}</span>
              ) : (
                <progress className="h-2 w-full accent-primary" max={1} value={upload.progress} aria-label={`Загрузка ${upload.name}`} />
              )}
            </li>
          ))}
        </ul>
      )}

      {order.length === 0 ? (
        <p className="text-sm text-muted-foreground">Материалов пока нет</p>
      ) : (
        <ol className="flex flex-col divide-y rounded-lg border">
          {order.map((attachment, index) => (
            <MaterialRow
              key={attachment.id}
              attachment={attachment}
              canMoveUp={hydrated && index > 0 && !pending}
              canMoveDown={hydrated && index < order.length - 1 && !pending}
              onMove={(step) => move(index, step)}
              onRenamed={(fileName) => setOrder((list) => list.map((item) => (item.id === attachment.id ? { ...item, file_name: fileName } : item)))}
              onDeleted={() => setOrder((list) => list.filter((item) => item.id !== attachment.id))}
              onChanged={refreshPage}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

interface RowProps {
  attachment: LessonAttachment;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onMove: (step: -1 | 1) => void;
  onRenamed: (fileName: string) => void;
  onDeleted: () => void;
  onChanged: () => void;
}

function MaterialRow({ attachment, canMoveUp, canMoveDown, onMove, onRenamed, onDeleted, onChanged }: RowProps) {
  const [name, setName] = useState(attachment.file_name);
  const nameField = useRef<HTMLInputElement>(null);
  useEarlyValue(nameField, setName);
  const [confirming, setConfirming] = useState(false);
  const [pending, startTransition] = useTransition();

  const rename = () =>
    startTransition(async () => {
      const result = await orNoConnection(renameLessonMaterial({ id: attachment.id, fileName: name }));
      if (!result.ok) return void toast.error("Не переименовано", { description: result.error });
      setName(result.data.file_name);
      onRenamed(result.data.file_name);
      toast.success("Переименовано");
      onChanged();
    });

  const remove = () =>
    startTransition(async () => {
      const result = await orNoConnection(deleteLessonMaterial({ id: attachment.id }));
      setConfirming(false);
      if (!result.ok) return void toast.error("Не удалено", { description: result.error });
      toast.success("Материал удалён", { description: attachment.file_name });
      onDeleted();
      onChanged();
    });

  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
      {/* Not a form: Enter before the script arrives would send the page a GET of itself and lose the name. */}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex gap-2">
          <Input
            ref={nameField}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== "Enter" || name === attachment.file_name) return;
              event.preventDefault();
              rename();
            }}
            aria-label={`Имя файла «${attachment.file_name}»`}
            maxLength={300}
          />
          {name !== attachment.file_name && (
            <Button type="button" variant="outline" disabled={pending} onClick={rename}>
              Переименовать
            </Button>
          )}
        </div>
        <span className="text-xs text-muted-foreground">
          {materialLabel(attachment.mime_type)} · {fileSizeLabel(attachment.size_bytes)}
        </span>
      </div>
      <div className="flex gap-1">
        <Button type="button" variant="ghost" size="icon" aria-label={`Выше: «${attachment.file_name}»`} aria-disabled={!canMoveUp} onClick={() => canMoveUp && onMove(-1)}>
          <ArrowUp aria-hidden />
        </Button>
        <Button type="button" variant="ghost" size="icon" aria-label={`Ниже: «${attachment.file_name}»`} aria-disabled={!canMoveDown} onClick={() => canMoveDown && onMove(1)}>
          <ArrowDown aria-hidden />
        </Button>
        <Button type="button" variant="ghost" size="icon" aria-label={`Удалить «${attachment.file_name}»`} onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden />
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Удалить материал?"
        description={`Файл «${attachment.file_name}» пропадёт из урока у всех студентов.`}
        confirmLabel="Удалить"
        onConfirm={remove}
        stayOpen
        busy={pending}
        destructive
      />
    </li>
  );
}
