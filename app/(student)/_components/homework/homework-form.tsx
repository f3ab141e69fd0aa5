"use client";

import { useEffect, useLayoutEffect, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useFieldArray, useForm, type DeepPartial, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { HookForm } from "@/components/forms/hook-form";
import { registerField } from "@/components/forms/register-field";
import { useHydrated } from "@/components/forms/use-hydrated";
import { Paperclip, Plus, X } from "lucide-react";
import { orNoConnection, toastFirstInvalid, toastRefusal } from "@/components/form-toasts";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/client-loading/toast";
import { MATERIAL_ACCEPT } from "@/lib/domain/materials";
import { draftKey, filledLinks, HOMEWORK_LINKS_MAX, isEmptyDraft, readDraft, type HomeworkDraft } from "@/lib/domain/submissions";
import { homeworkFormSchema, type HomeworkFormValues } from "@/lib/validation/submissions";
import { submitHomework } from "../../homework-actions";
import { useHomeworkFiles, type AttachedFile } from "./use-homework-files";

// `raw`: the values go on as typed; the action parses what it is sent again.
const resolver = zodResolver(homeworkFormSchema, undefined, { raw: true });
const EMPTY: HomeworkFormValues = { answer: "", links: [{ url: "" }] };

interface Props {
  assignment: { id: string; accepts_text: boolean; accepts_links: boolean; accepts_files: boolean };
  /** The last attempt was returned: this is the next one. */
  again: boolean;
}

// Storage may be full or switched off (a private window): the draft is a convenience, never an error.
function storeDraft(assignmentId: string, draft: HomeworkDraft | null) {
  try {
    if (!draft || isEmptyDraft(draft)) localStorage.removeItem(draftKey(assignmentId));
    else localStorage.setItem(draftKey(assignmentId), JSON.stringify(draft));
  } catch {}
}

function loadDraft(assignmentId: string): HomeworkDraft | null {
  try {
    return readDraft(localStorage.getItem(draftKey(assignmentId)));
  } catch {
    return null;
  }
}

const draftOf = (values: DeepPartial<HomeworkFormValues>): HomeworkDraft => ({
  answer: values.answer ?? "",
  links: (values.links ?? []).map((link) => link?.url ?? ""),
});

/**
 * The answer and links typed so far survive a reload: kept in this browser per assignment until the
 * work is sent. The draft fills only what is still empty: what was typed before the script arrived
 * (the server's form knows no draft) is the latest, and is kept as the draft from then on.
 */
function useDraft(form: UseFormReturn<HomeworkFormValues>, assignmentId: string) {
  useEffect(() => {
    const draft = loadDraft(assignmentId);
    if (draft) {
      const typed = form.getValues();
      const values = {
        answer: typed.answer || draft.answer,
        links: filledLinks(typed.links).length || !draft.links.length ? typed.links : draft.links.map((url) => ({ url })),
      };
      form.reset(values);
      storeDraft(assignmentId, draftOf(values));
    }
    const subscription = form.watch((values) => storeDraft(assignmentId, draftOf(values)));
    return () => subscription.unsubscribe();
  }, [form, assignmentId]);
}

/** The work being written: a Markdown answer, links and files, as the assignment takes them; «Отправить на проверку». */
export function HomeworkForm({ assignment, again }: Props) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useForm<HomeworkFormValues>({ resolver, defaultValues: EMPTY });
  const links = useFieldArray({ control: form.control, name: "links" });
  const files = useHomeworkFiles(assignment.id);
  useDraft(form, assignment.id);
  // «Добавить ссылку» and «Убрать ссылку» cannot act before the script: they say so until then.
  const hydrated = useHydrated();

  const send = (values: HomeworkFormValues) =>
    startTransition(async () => {
      // The button waits for the uploads; a press made before the script waits here for those of the files picked with it.
      const uploaded = await files.settled();
      const result = await orNoConnection(submitHomework({
        assignmentId: assignment.id,
        answer: assignment.accepts_text ? values.answer : "",
        links: assignment.accepts_links ? filledLinks(values.links) : [],
        files: assignment.accepts_files ? uploaded : [],
      }));
      if (!result.ok) return toastRefusal(result);
      storeDraft(assignment.id, null);
      form.reset(EMPTY);
      files.clear();
      toast.success("Работа отправлена");
      router.refresh();
    });

  const linkErrors = form.formState.errors.links;
  return (
    <HookForm
      form={form}
      onValid={send}
      onInvalid={toastFirstInvalid(["answer", "links"])}
      aria-label={again ? "Новая попытка" : "Ваш ответ"}
      className="flex flex-col gap-4 border-t pt-4"
    >
      <h3 className="font-semibold">{again ? "Доработайте и отправьте снова" : "Ваш ответ"}</h3>
      {assignment.accepts_text && (
        <div className="flex flex-col gap-1">
          <FormField id="homework-answer" label="Ответ" error={form.formState.errors.answer?.message}>
            <Textarea rows={8} {...registerField(form, "answer")} />
          </FormField>
          <p className="text-xs text-muted-foreground">Оформление: **жирный**, *курсив*, «- » в начале строки для списка</p>
        </div>
      )}
      {assignment.accepts_links && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Ссылки</legend>
          {links.fields.map((field, index) => {
            const error = linkErrors?.[index]?.url?.message;
            return (
              <div key={field.id} className="flex flex-col gap-1">
                <div className="flex gap-2">
                  <Input
                    type="url"
                    inputMode="url"
                    placeholder="https://…"
                    aria-label={`Ссылка ${index + 1}`}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `homework-link-${index}-error` : undefined}
                    {...registerField(form, `links.${index}.url`)}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Убрать ссылку ${index + 1}`}
                    aria-disabled={!hydrated}
                    onClick={() => hydrated && links.remove(index)}
                  >
                    <X aria-hidden />
                  </Button>
                </div>
                {error && (
                  <p id={`homework-link-${index}-error`} className="text-sm text-destructive">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          {links.fields.length < HOMEWORK_LINKS_MAX && (
            <Button type="button" variant="outline" size="sm" className="self-start" aria-disabled={!hydrated} onClick={() => hydrated && links.append({ url: "" })}>
              <Plus aria-hidden />
              Добавить ссылку
            </Button>
          )}
        </fieldset>
      )}
      {assignment.accepts_files && <FilePicker files={files.files} onPick={(picked) => void files.attach(picked)} onRemove={files.remove} />}
      <SubmitButton pending={pending} disabled={files.uploading} className="self-start">
        Отправить на проверку
      </SubmitButton>
    </HookForm>
  );
}

interface FilePickerProps {
  files: AttachedFile[];
  onPick: (files: File[]) => void;
  onRemove: (key: string) => void;
}

function FilePicker({ files, onPick, onRemove }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const pick = (list: FileList | null) => {
    if (!list?.length) return;
    onPick([...list]);
    if (input.current) input.current.value = "";
  };

  // Files picked or dropped before this script arrived are still in the field: they are uploaded now,
  // in the commit, before React replays a press of «Отправить на проверку» made with them.
  useLayoutEffect(() => pick(input.current?.files ?? null), []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="flex flex-col gap-2">
      <label
        onDragEnter={() => setDragOver(true)}
        onDragLeave={() => setDragOver(false)}
        onDrop={() => setDragOver(false)}
        className={`relative flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed p-4 text-center text-sm hover:bg-accent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 ${dragOver ? "border-primary bg-primary/5" : ""}`}
      >
        <Paperclip className="size-5 text-muted-foreground" aria-hidden />
        <span className="font-medium">Прикрепить файлы</span>
        <span className="text-muted-foreground">Перетащите их сюда или нажмите, чтобы выбрать</span>
        {/* The field covers the zone, unseen, and takes a drop as the browser does for a file field: before
            the script the files wait in it and are uploaded on hydration, after it they come as a pick does. */}
        <input
          ref={input}
          type="file"
          multiple
          accept={MATERIAL_ACCEPT}
          aria-describedby="homework-files-hint"
          className="absolute inset-0 size-full cursor-pointer opacity-0"
          onChange={(event) => pick(event.target.files)}
        />
      </label>
      <p id="homework-files-hint" className="text-xs text-muted-foreground">
        Документы, таблицы, презентации, архивы, текстовые файлы и картинки — до 20 МБ каждый, не больше 10
      </p>
      {files.length > 0 && (
        <ul aria-label="Прикреплённые файлы" className="flex flex-col gap-2">
          {files.map((file) => (
            <li key={file.key} className="flex items-center gap-2 text-sm">
              <span className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="[overflow-wrap:anywhere]">{file.name}</span>
                {file.error ? (
                  <span className="text-destructive">{file.error}</span>
                ) : (
                  !file.path && <progress className="h-2 w-full accent-primary" max={1} value={file.progress} aria-label={`Загрузка ${file.name}`} />
                )}
              </span>
              <Button type="button" variant="ghost" size="icon" aria-label={`Убрать «${file.name}»`} onClick={() => onRemove(file.key)}>
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
