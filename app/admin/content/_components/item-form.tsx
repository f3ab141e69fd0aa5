"use client";

import { useRouter } from "next/navigation";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { HookForm } from "@/components/forms/hook-form";
import { registerField } from "@/components/forms/register-field";
import { SwitchRow } from "@/components/forms/switch-row";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { studioItemSchema, type StudioItemKind } from "@/lib/validation/content";
import type { ActionResult } from "@/lib/actions/result";
import { saveBlock, saveCourseModule, saveTool } from "../actions";
import { useStudioSubmit } from "./use-studio-submit";

/**
 * What the switch does, said for its state now and the state saved: a lesson, a module, a tool
 * and a block are all masculine («он»), so one wording fits each.
 */
export function publishedHint(checked: boolean, saved: boolean): string {
  if (checked && saved) return "Опубликован: студенты с доступом его видят. Выключите и сохраните, чтобы спрятать его в черновик.";
  if (checked) return "Будет опубликован, когда вы сохраните: студенты с доступом его увидят.";
  if (saved) return "Будет спрятан в черновик, когда вы сохраните: студенты перестанут его видеть.";
  return "Черновик: студенты его не видят. Включите и сохраните, чтобы опубликовать.";
}

/** The switch every studio form has: a draft is saved but students do not see it. `saved` is the state stored now. */
export function PublishedSwitch({ checked, saved, onCheckedChange }: { checked: boolean; saved: boolean; onCheckedChange: (checked: boolean) => void }) {
  return <SwitchRow id="is_published" label="Опубликовано" hint={publishedHint(checked, saved)} checked={checked} onCheckedChange={onCheckedChange} />;
}

interface ItemFormValues {
  name: string;
  description: string;
  is_published: boolean;
}

// `raw`: the values go to the action as typed; the action parses them again.
const itemResolver = (kind: StudioItemKind) => zodResolver(studioItemSchema(kind), undefined, { raw: true });

/** Each kind's validation, label and action; the form edits a name, a description and the draft switch. */
const KINDS = {
  course_module: { resolver: itemResolver("course_module"), label: "Название модуля", nameKey: "title" },
  tool: { resolver: itemResolver("tool"), label: "Название инструмента", nameKey: "name" },
  block: { resolver: itemResolver("block"), label: "Название блока", nameKey: "name" },
} as const;

interface Props {
  kind: StudioItemKind;
  /** The saved item; none for a new one. */
  item?: { id: string; name: string; description: string | null; is_published: boolean };
  /** A new block's tool. */
  toolId?: string;
  /** A new item's page is this path followed by its id. */
  openPath: string;
}

/** Creates or edits a course module, a tool or a tool's block. */
export function ItemForm({ kind, item, toolId, openPath }: Props) {
  const router = useRouter();
  const { resolver, label, nameKey } = KINDS[kind];
  const form = useForm<ItemFormValues>({
    resolver,
    defaultValues: { name: item?.name ?? "", description: item?.description ?? "", is_published: item?.is_published ?? false },
  });
  const { errors } = form.formState;

  const send = async (values: ItemFormValues): Promise<ActionResult<{ id: string }>> => {
    const fields = { id: item?.id, description: values.description, is_published: values.is_published };
    const result = await (kind === "course_module"
      ? saveCourseModule({ ...fields, title: values.name })
      : kind === "tool"
        ? saveTool({ ...fields, name: values.name })
        : saveBlock({ ...fields, tool_id: toolId ?? "", name: values.name }));
    if (result.ok || !result.fieldErrors?.[nameKey]) return result;
    return { ...result, fieldErrors: { name: result.fieldErrors[nameKey] } };
  };
  const { onValid, onInvalid, pending } = useStudioSubmit(form, ["name", "description"], send, (id) => {
    if (item) router.refresh();
    else router.push(`${openPath}${id}`);
  });

  return (
    <HookForm form={form} onValid={onValid} onInvalid={onInvalid} className="flex flex-col gap-4">
      <FormField id="name" label={label} error={errors.name?.message}>
        <Input autoComplete="off" required {...registerField(form, "name")} />
      </FormField>
      <FormField id="description" label="Описание" error={errors.description?.message}>
        <Textarea rows={3} {...registerField(form, "description")} />
      </FormField>
      <Controller
        control={form.control}
        name="is_published"
        render={({ field }) => <PublishedSwitch checked={field.value} saved={item?.is_published ?? false} onCheckedChange={field.onChange} />}
      />
      <SubmitButton className="self-start" pending={pending}>
        {item ? "Сохранить" : "Создать"}
      </SubmitButton>
    </HookForm>
  );
}
