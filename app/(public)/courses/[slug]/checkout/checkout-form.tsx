"use client";

import { keepTyped, useActionToast } from "@/components/forms/use-action-toast";
import { useSafeActionState } from "@/components/forms/use-safe-action-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { initialFormState } from "@/lib/actions/form-state";
import { buyOffer } from "../../actions";

/** The buyer's last step before paying: a promo code, the agreement, «Перейти к оплате». */
export function CheckoutForm({ offerId, price }: { offerId: string; price: string }) {
  const [state, formAction] = useSafeActionState(buyOffer, initialFormState());
  // A placed order leads away (to ЮKassa's page or the order's): only a refusal is said here.
  useActionToast(state);
  const errors = state.result?.ok === false ? (state.result.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} onReset={keepTyped} className="flex flex-col gap-4" noValidate aria-label="Оформление заказа">
      <input type="hidden" name="offerId" value={offerId} />
      <FormField id="code" label="Промокод (если есть)" error={errors.code}>
        <Input name="code" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={40} defaultValue={state.fields.code} />
      </FormField>
      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-2 text-sm">
          <input
            id="terms"
            name="terms"
            type="checkbox"
            required
            className="mt-0.5 size-4 shrink-0 accent-primary"
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? "terms-error" : undefined}
          />
          <label htmlFor="terms">
            Я принимаю условия{" "}
            <a href="/oferta" target="_blank" className="font-medium text-primary underline underline-offset-4">
              договора-оферты
            </a>
          </label>
        </div>
        {errors.terms && (
          <p id="terms-error" className="text-sm text-destructive">
            {errors.terms}
          </p>
        )}
      </div>
      <SubmitButton size="lg">Перейти к оплате · {price}</SubmitButton>
    </form>
  );
}
