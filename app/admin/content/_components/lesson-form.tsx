"use client";

import { useCallback, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Controller, useForm, useWatch, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { HookForm } from "@/components/forms/hook-form";
import { registerField } from "@/components/forms/register-field";
import { LessonVideo } from "@/components/course/lesson-video";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { normalizeVideoInput, SUPPORTED_VIDEO_HOSTS } from "@/lib/domain/video";
import type { LessonAttachment } from "@/lib/queries/courses";
import type { LessonParents, StudioAssignment } from "@/lib/queries/studio";
import { cn } from "@/lib/utils";
import { lessonSchema, type LessonForm as LessonFormValues } from "@/lib/validation/content";
import { saveLesson } from "../actions";
import { AssignmentEditor } from "./assignment-editor";
import { PublishedSwitch } from "./item-form";
import { LessonMaterialsEditor } from "./lesson-materials-editor";
import { MarkdownPreview } from "./markdown-preview";
import { useImagePaste } from "./use-image-paste";
import { studioLessonPath, useLessonDraft } from "./use-lesson-draft";
import { useStudioSubmit } from "./use-studio-submit";
import { ViewToggle, type MarkdownView } from "./view-toggle";

// `raw`: the values go to the action as typed (the place and the video as chosen and pasted); the action parses them again.
const lessonResolver = zodResolver(lessonSchema, undefined, { raw: true });

interface Props {
  lesson?: { id: string; title: string; is_published: boolean };
  content?: { description: string | null; video_url: string | null } | null;
  /** The lesson's written body (Markdown); none for a new lesson. */
  bodyMd?: string;
  /** The lesson's place as the parent select's value (lessonParentValue). */
  parent: string;
  parents: LessonParents;
  /** The lesson's materials and assignment; none for a new lesson. */
  attachments?: LessonAttachment[];
  assignment?: StudioAssignment | null;
}

/** A new lesson's materials: one array, so the editor does not take each render's for a new list from the server. */
const NO_ATTACHMENTS: LessonAttachment[] = [];

/** Shows the video as the student will see it, or why the link cannot be used. */
function VideoPreview({ value, title }: { value: string; title: string }) {
  const video = normalizeVideoInput(value);
  if (!video.ok || !video.url) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="video-preview">
      <p className="text-sm text-muted-foreground">Так видео увидит студент:</p>
      <LessonVideo url={video.url} title={title || "Новый урок"} />
    </div>
  );
}

interface LessonBodyFieldProps {
  form: UseFormReturn<LessonFormValues>;
  /** Pictures pasted or dropped into the text are uploaded (use-image-paste.ts). */
  onPaste?: React.ClipboardEventHandler<HTMLTextAreaElement>;
  onDrop?: React.DragEventHandler<HTMLTextAreaElement>;
}

/** The Markdown body: the field and its preview side by side on a wide screen, one at a time on a phone. */
function LessonBodyField({ form, onPaste, onDrop }: LessonBodyFieldProps) {
  const [view, setView] = useState<MarkdownView>("text");
  const body = useWatch({ control: form.control, name: "body_md" }) ?? "";
  const error = form.formState.errors.body_md?.message;
  // A refused body is shown with its message, whichever view was chosen.
  const shownView = error ? "text" : view;
  const toggle = <ViewToggle label="Что показать" shown={shownView} onChange={setView} />;

  return (
    <>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
        <FormField id="body_md" label="Текст урока" aside={toggle} error={error}>
          <Textarea
            rows={18}
            spellCheck
            placeholder={"## Что сделаем\n\n1. Откройте…\n2. Нажмите…"}
            tall
            className={cn(shownView !== "text" && "max-lg:hidden")}
            onPaste={onPaste}
            onDrop={onDrop}
            {...registerField(form, "body_md")}
          />
        </FormField>
        <MarkdownPreview
          markdown={body}
          label="Предпросмотр текста урока"
          testId="lesson-body-preview"
          className={cn(shownView !== "preview" && "max-lg:hidden")}
        />
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">
        Поддерживается разметка Markdown: ## заголовок, **жирный**, *курсив*, списки, ссылки, таблицы. Картинку можно вставить из буфера или
        перетащить в текст.
      </p>
    </>
  );
}

/**
 * A lesson in the studio: its text (place, title, video, description, body and the switch), saved
 * together by the one «Сохранить урок»; then its materials and homework, each saved in its own
 * section. A new lesson is created as a draft by the first thing that needs it (a pasted picture,
 * an uploaded material, the homework switched on: use-lesson-draft.ts), so nothing is refused
 * for want of a save, and this page goes on as the lesson's own.
 */
export function LessonForm({ lesson, content, bodyMd, parent, parents, attachments, assignment }: Props) {
  const router = useRouter();
  const form = useForm<LessonFormValues>({
    resolver: lessonResolver,
    defaultValues: {
      id: lesson?.id,
      parent,
      title: lesson?.title ?? "",
      description: content?.description ?? "",
      video: content?.video_url ?? "",
      body_md: bodyMd ?? "",
      is_published: lesson?.is_published ?? false,
    },
  });
  const { errors } = form.formState;
  const [video, title] = useWatch({ control: form.control, name: ["video", "title"] });
  const [savedPublished, setSavedPublished] = useState(lesson?.is_published ?? false);
  const draft = useLessonDraft(lesson?.id, () => form.getValues(), (id) => form.setValue("id", id));
  // What the sections below hold unsaved (an upload under way, homework typed): a lesson created
  // here as a draft is rendered as the lesson's page after its first save only when nothing would be lost.
  const unsaved = useRef(new Set<string>());
  const markUnsaved = useCallback((section: string, yes: boolean) => {
    if (yes) unsaved.current.add(section);
    else unsaved.current.delete(section);
  }, []);
  const onUploading = useCallback((busy: boolean) => markUnsaved("materials", busy), [markUnsaved]);
  const onAssignmentUnsaved = useCallback((yes: boolean) => markUnsaved("assignment", yes), [markUnsaved]);

  const sent = useRef<LessonFormValues | null>(null);
  const send = async (values: LessonFormValues) => {
    // A draft being created now is this lesson: the save updates it rather than adding a second one.
    const id = values.id ?? (await draft.settled());
    sent.current = { ...values, id };
    return saveLesson(sent.current);
  };
  const imagePaste = useImagePaste(draft.ensure, {
    get: () => form.getValues("body_md") ?? "",
    set: (value) => form.setValue("body_md", value, { shouldDirty: true }),
  });
  const { onValid, onInvalid, pending } = useStudioSubmit(form, ["parent", "title", "video", "description", "body_md"], send, (id) => {
    const values = sent.current!;
    if (!values.id) return router.replace(studioLessonPath(id));
    setSavedPublished(values.is_published);
    // Show the player address that was stored, as the next visit will; a link edited while saving stays as typed.
    const saved = normalizeVideoInput(values.video);
    if (saved.ok && form.getValues("video") === values.video) form.setValue("video", saved.url ?? "");
    // The page this address renders is the lesson's own (its title, «Удалить урок»); a draft made
    // here becomes it once nothing in the sections would be lost by it.
    if (!draft.createdHere || unsaved.current.size === 0) router.refresh();
  });

  // The sections save themselves, to the lesson or to the draft their first change creates.
  const sectionProps = { lessonId: draft.id, ensureLesson: draft.ensure, refresh: !draft.createdHere };

  return (
    <>
      <HookForm form={form} onValid={onValid} onInvalid={onInvalid} className="flex flex-col gap-4">
        <FormField id="parent" label="Где урок" error={errors.parent?.message}>
          <NativeSelect {...registerField(form, "parent")}>
            <optgroup label="Product Founder: модули курса">
              {parents.modules.map((module) => (
                <option key={module.id} value={`course_module:${module.id}`}>
                  {module.title}
                </option>
              ))}
            </optgroup>
            <optgroup label="Tech Founder: инструменты и блоки">
              {parents.tools.flatMap((tool) => [
                <option key={tool.id} value={`tool:${tool.id}`}>
                  {tool.name}
                </option>,
                ...parents.blocks
                  .filter((block) => block.tool_id === tool.id)
                  .map((block) => (
                    <option key={block.id} value={`block:${tool.id}:${block.id}`}>
                      {`${tool.name} → ${block.name}`}
                    </option>
                  )),
              ])}
            </optgroup>
          </NativeSelect>
        </FormField>
        <FormField id="title" label="Название урока" error={errors.title?.message}>
          <Input autoComplete="off" required {...registerField(form, "title")} />
        </FormField>
        <FormField id="video" label="Видео" error={errors.video?.message}>
          <Textarea rows={2} placeholder="Ссылка на видео или код встраивания (iframe)" code {...registerField(form, "video")} />
        </FormField>
        <p className="-mt-2 text-xs text-muted-foreground">
          {SUPPORTED_VIDEO_HOSTS}: ссылка на ролик или код встраивания из кнопки «Поделиться». Для закрытых видео вставьте ссылку с ключом
          доступа.
        </p>
        <VideoPreview value={video} title={title} />
        <FormField id="description" label="Описание" error={errors.description?.message}>
          <Textarea rows={6} placeholder="Коротко о чём урок; ссылки станут кликабельными" {...registerField(form, "description")} />
        </FormField>
        <LessonBodyField form={form} {...imagePaste} />
        <Controller
          control={form.control}
          name="is_published"
          render={({ field }) => <PublishedSwitch checked={field.value} saved={savedPublished} onCheckedChange={field.onChange} />}
        />
        <SubmitButton className="self-start" pending={pending}>
          {draft.id ? "Сохранить урок" : "Создать урок"}
        </SubmitButton>
      </HookForm>
      <LessonMaterialsEditor {...sectionProps} attachments={attachments ?? NO_ATTACHMENTS} onBusyChange={onUploading} />
      <AssignmentEditor {...sectionProps} assignment={assignment ?? null} onUnsavedChange={onAssignmentUnsaved} />
    </>
  );
}
