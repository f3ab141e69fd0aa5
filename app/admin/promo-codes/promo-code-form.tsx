"use client";

import { keepTyped, useActionToast } from "@/components/forms/use-action-toast";
import { useSafeActionState } from "@/components/forms/use-safe-action-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { initialFormState } from "@/lib/actions/form-state";
import { createPromoCode } from "./actions";

const SELECT = "h-10 rounded-md border bg-background px-3 text-sm";

/** «Новый промокод»: a plain form the server checks, its field errors under the fields. */
export function PromoCodeForm({ offers }: { offers: { id: string; title: string }[] }) {
  const [state, formAction] = useSafeActionState(createPromoCode, initialFormState());
  // A created code leads back to the page (its list), which says so; a refusal stays here, with its fields.
  useActionToast(state);
  const errors = state.result?.ok === false ? (state.result.fieldErrors ?? {}) : {};
  const { fields } = state;
  return (
    <form action={formAction} onReset={keepTyped} className="grid gap-4 rounded-xl border p-4 sm:grid-cols-2" noValidate aria-label="Новый промокод">
      <FormField id="code" label="Код" error={errors.code}>
        <Input name="code" autoComplete="off" spellCheck={false} maxLength={40} defaultValue={fields.code} />
      </FormField>
      <div className="flex flex-col gap-2">
        <label htmlFor="kind" className="text-sm font-medium">
          Скидка
        </label>
        <div className="flex gap-2">
          <select id="kind" name="kind" className={SELECT} defaultValue={fields.kind ?? "percent"}>
            <option value="percent">в процентах</option>
            <option value="amount">в рублях</option>
          </select>
          <Input
            name="value"
            inputMode="decimal"
            aria-label="Размер скидки"
            aria-invalid={errors.value ? true : undefined}
            aria-describedby={errors.value ? "value-error" : undefined}
            defaultValue={fields.value}
          />
        </div>
        {errors.value && (
          <p id="value-error" className="text-sm text-destructive">
            {errors.value}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor="offerId" className="text-sm font-medium">
          Для курса
        </label>
        <select id="offerId" name="offerId" className={SELECT} defaultValue={fields.offerId ?? ""}>
          <option value="">для всех курсов</option>
          {offers.map((offer) => (
            <option key={offer.id} value={offer.id}>
              {offer.title}
            </option>
          ))}
        </select>
      </div>
      <FormField id="maxUses" label="Сколько раз можно использовать (пусто — без ограничения)" error={errors.maxUses}>
        <Input name="maxUses" inputMode="numeric" defaultValue={fields.maxUses} />
      </FormField>
      <FormField id="expiresAt" label="Действует до (МСК, пусто — бессрочно)" error={errors.expiresAt}>
        <Input name="expiresAt" type="datetime-local" defaultValue={fields.expiresAt} />
      </FormField>
      <div className="flex items-end">
        <SubmitButton>Создать промокод</SubmitButton>
      </div>
    </form>
  );
}
