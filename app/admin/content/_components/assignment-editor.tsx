"use client";

import { useEffect, useLayoutEffect, useRef, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Controller, useForm, useWatch, type Resolver, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { HookForm } from "@/components/forms/hook-form";
import { registerField } from "@/components/forms/register-field";
import { SwitchRow } from "@/components/forms/switch-row";
import { ConfirmDialog } from "@/components/client-loading/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/client-loading/toast";
import type { ActionResult } from "@/lib/actions/result";
import { pluralRu } from "@/lib/domain/plural";
import type { StudioAssignment } from "@/lib/queries/studio";
import { cn } from "@/lib/utils";
import { assignmentSchema, type AssignmentForm } from "@/lib/validation/assignments";
import { countAssignmentSubmissions, deleteAssignment, saveAssignment } from "../lessons/[lessonId]/actions";
import { MarkdownPreview } from "./markdown-preview";
import { useStudioSubmit } from "./use-studio-submit";
import { ViewToggle, type MarkdownView } from "./view-toggle";

// `raw`: the values go to the action as typed; the action parses them again.
const checked = zodResolver(assignmentSchema, undefined, { raw: true });
/**
 * The lesson is not a field: its id is put in when saving (a new lesson's draft may be created
 * after the form was), so the check stands any well-formed id in for it.
 */
const resolver: Resolver<AssignmentForm> = (values, context, options) =>
  checked({ ...values, lesson_id: "00000000-0000-4000-8000-000000000000" }, context, options);
/** Switched off, saving deletes the assignment: its fields are not checked. */
const unchecked: Resolver<AssignmentForm> = (values) => ({ values, errors: {} });

const ACCEPTS = [
  ["accepts_text", "Принимает текст"],
  ["accepts_links", "Принимает ссылки"],
  ["accepts_files", "Принимает файлы"],
] as const;

/** The instructions in Markdown and their preview: side by side on a wide screen, one at a time on a phone. */
function InstructionsField({ form }: { form: UseFormReturn<AssignmentForm> }) {
  const [view, setView] = useState<MarkdownView>("text");
  const instructions = useWatch({ control: form.control, name: "instructions_md" }) ?? "";
  const error = form.formState.errors.instructions_md?.message;
  const shownView = error ? "text" : view;
  const toggle = <ViewToggle label="Что показать: задание" shown={shownView} onChange={setView} />;
  return (
    <>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
        <FormField id="instructions_md" label="Что нужно сделать" aside={toggle} error={error}>
          <Textarea
            rows={12}
            spellCheck
            tall
            placeholder={"Опишите задание: что сделать и что прислать на проверку"}
            className={cn(shownView !== "text" && "max-lg:hidden")}
            {...registerField(form, "instructions_md")}
          />
        </FormField>
        <MarkdownPreview
          markdown={instructions}
          label="Предпросмотр задания"
          testId="assignment-preview"
          className={cn(shownView !== "preview" && "max-lg:hidden")}
        />
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">Markdown: заголовки, списки, ссылки, таблицы. Можно оставить пустым, если задание описано в тексте урока.</p>
    </>
  );
}

const WORKS = { one: "сданная работа", few: "сданные работы", many: "сданных работ" };

function submissionsSummary(count: number): string {
  if (count === 0) return "Студенты ещё не сдавали работ по этому заданию.";
  const verb = new Intl.PluralRules("ru-RU").select(count) === "one" ? "удалится" : "удалятся";
  return `Вместе с заданием ${verb} ${pluralRu(count, WORKS)} — с комментариями кураторов.`;
}

/** Deleting the assignment: a confirmation that counts the works handed in when it opens. */
function useDeletion(id: string | null, onDeleted: () => void) {
  const [open, setOpen] = useState(false);
  const [summary, setSummary] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const ask = () => {
    if (!id) return;
    setSummary(null);
    setOpen(true);
    startTransition(async () => {
      const counted = await countAssignmentSubmissions({ id }).catch(() => null);
      setSummary(counted?.ok ? submissionsSummary(counted.data.count) : "Не удалось посчитать сданные работы.");
    });
  };
  const confirm = () =>
    startTransition(async () => {
      const result = id ? await deleteAssignment({ id }).catch(() => null) : null;
      if (!result?.ok) return void toast.error(result?.error ?? "Не удалось удалить: нет связи с сервером");
      setOpen(false);
      toast.success("Задание удалено");
      onDeleted();
    });
  const dialog = (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Удалить домашнее задание?"
      description={`${summary ?? "Считаем сданные работы…"} Это нельзя отменить.`}
      liveDescription
      confirmLabel="Удалить задание"
      destructive
      stayOpen
      busy={pending}
      disabled={summary === null}
      onConfirm={confirm}
    />
  );
  return { ask, dialog };
}

interface Props {
  /** The lesson's id; none while a new lesson has not been created yet. */
  lessonId: string | undefined;
  /** The lesson's id, a new lesson created as a draft first (use-lesson-draft.ts). */
  ensureLesson: () => Promise<string | null>;
  /** The lesson's assignment; null when it has none. */
  assignment: StudioAssignment | null;
  /** Whether a save may render the page again (router.refresh): not on a lesson this page created as a draft. */
  refresh: boolean;
  /** Told whether the section holds changes not saved yet. */
  onUnsavedChange?: (unsaved: boolean) => void;
}

const NO_LESSON: ActionResult<{ id: string }> = { ok: false, error: "Задание не сохранено: урок ещё не создан" };

/**
 * «Домашнее задание» of a lesson in the studio: switched on, it is edited and saved with its own
 * button; switched off and saved, it is deleted after a confirmation. Switched on in a new lesson,
 * it creates the lesson as a draft, so the assignment has a lesson to belong to.
 */
export function AssignmentEditor({ lessonId, ensureLesson, assignment, refresh, onUnsavedChange }: Props) {
  const router = useRouter();
  const refreshPage = () => {
    if (refresh) router.refresh();
  };
  const [enabled, setEnabled] = useState(assignment !== null);
  const [savedId, setSavedId] = useState(assignment?.id ?? null);
  const form = useForm<AssignmentForm>({
    resolver: enabled ? resolver : unchecked,
    defaultValues: {
      lesson_id: lessonId ?? "",
      instructions_md: assignment?.instructions_md ?? "",
      accepts_text: assignment?.accepts_text ?? true,
      accepts_links: assignment?.accepts_links ?? false,
      accepts_files: assignment?.accepts_files ?? false,
      is_stop_lesson: assignment?.is_stop_lesson ?? false,
    },
  });
  // The lesson's id as it is when saving: a new lesson's draft may have been created since the form was.
  const save = async (values: AssignmentForm) => {
    const id = await ensureLesson();
    return id ? saveAssignment({ ...values, lesson_id: id }) : NO_LESSON;
  };
  const { onValid, onInvalid, pending } = useStudioSubmit(form, ["instructions_md", "accepts_text"], save, (id) => {
    setSavedId(id);
    form.reset(form.getValues());
    refreshPage();
  });
  const deletion = useDeletion(savedId, () => {
    setSavedId(null);
    refreshPage();
  });
  const switchTo = (on: boolean) => {
    setEnabled(on);
    if (on) void ensureLesson();
  };
  const unsaved = enabled !== (savedId !== null) || (enabled && form.formState.isDirty);
  useEffect(() => onUnsavedChange?.(unsaved), [unsaved, onUnsavedChange]);
  const onSave = (values: AssignmentForm) => (enabled ? onValid(values) : deletion.ask());
  const acceptsError = form.formState.errors.accepts_text?.message;
  // A box ticked before the form's script arrived stays ticked in the page, but no handler heard it.
  const formElement = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    for (const [name] of ACCEPTS) {
      const box = formElement.current?.elements.namedItem(name);
      if (box instanceof HTMLInputElement && box.checked !== form.getValues(name)) form.setValue(name, box.checked, { shouldDirty: true });
    }
  }, [form]);

  return (
    <section aria-labelledby="assignment-title" className="flex flex-col gap-4">
      <h2 id="assignment-title" className="text-lg font-semibold">
        Домашнее задание
      </h2>
      <HookForm ref={formElement} form={form} onValid={onSave} onInvalid={onInvalid} className="flex flex-col gap-4">
        <SwitchRow
          id="has_assignment"
          label="У урока есть домашнее задание"
          hint={
            enabled || !savedId
              ? "Студент сдаёт работу, куратор проверяет и отвечает. Задание сохраняется своей кнопкой ниже."
              : "Нажмите «Удалить задание», чтобы убрать его из урока."
          }
          checked={enabled}
          onCheckedChange={switchTo}
        />
        {enabled && (
          <>
            <InstructionsField form={form} />
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">Что студент может сдать</legend>
              {ACCEPTS.map(([name, label]) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        name={field.name}
                        ref={field.ref}
                        checked={field.value}
                        onChange={(event) => {
                          field.onChange(event.target.checked);
                          // The refusal sits on the first box: any box may lift it.
                          if (acceptsError) void form.trigger("accepts_text");
                        }}
                        onBlur={field.onBlur}
                        aria-invalid={acceptsError ? true : undefined}
                        aria-describedby={acceptsError ? "accepts-error" : undefined}
                      />
                      {label}
                    </label>
                  )}
                />
              ))}
              {acceptsError && (
                <p id="accepts-error" className="text-sm text-destructive">
                  {acceptsError}
                </p>
              )}
            </fieldset>
            <Controller
              control={form.control}
              name="is_stop_lesson"
              render={({ field }) => (
                <SwitchRow
                  id="is_stop_lesson"
                  label="Стоп-урок: следующие уроки откроются, когда работу примут"
                  hint="Пока куратор не примет работу, следующие уроки этого инструмента или модуля закрыты для студента."
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
          </>
        )}
        {enabled ? (
          <SubmitButton className="self-start" pending={pending}>
            Сохранить задание
          </SubmitButton>
        ) : (
          savedId && (
            <SubmitButton className="self-start" variant="destructive" pending={pending}>
              Удалить задание
            </SubmitButton>
          )
        )}
      </HookForm>
      {deletion.dialog}
    </section>
  );
}
