"use client";

import { useTransition } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { toast } from "@/components/client-loading/toast";
import { toastFirstInvalid } from "@/components/form-toasts";
import type { ActionResult } from "@/lib/actions/result";

type StudioResult = ActionResult<{ id: string }>;

const UNREACHABLE: StudioResult = { ok: false, error: "Не удалось сохранить изменения: нет связи с сервером" };

/**
 * Saves a studio form through its server action (`onValid` and `onInvalid` for its HookForm): field
 * errors from the server land on their fields, the outcome is a toast, and `afterSave` gets the
 * saved item's id.
 */
export function useStudioSubmit<T extends FieldValues>(
  form: UseFormReturn<T>,
  fieldOrder: readonly (keyof T & string)[],
  save: (values: T) => Promise<StudioResult>,
  afterSave: (id: string) => void,
) {
  const [pending, startTransition] = useTransition();
  const onValid = (values: T) =>
    startTransition(async () => {
      const result = await save(values).catch(() => UNREACHABLE);
      if (!result.ok) {
        for (const [field, message] of Object.entries(result.fieldErrors ?? {})) form.setError(field as Path<T>, { message });
        toast.error(result.error);
        return;
      }
      toast.success("Сохранено");
      afterSave(result.data.id);
    });
  return { onValid, onInvalid: toastFirstInvalid<T>(fieldOrder), pending };
}
