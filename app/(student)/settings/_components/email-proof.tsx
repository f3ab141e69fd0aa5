"use client";

import { useRouter } from "next/navigation";
import { orNoConnection, toastRefusal } from "@/components/form-toasts";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/client-loading/toast";
import { resendEmailProof } from "../actions";

/**
 * «Отправить письмо ещё раз»: a new letter with the link that proves the address. A form's submit,
 * so a press before the page's script has arrived is held by React and made once, after hydration.
 */
export function ResendEmailProof() {
  const router = useRouter();
  const resend = async () => {
    const result = await orNoConnection(resendEmailProof());
    if (!result.ok) return void toastRefusal(result);
    toast.success(result.message ?? "Письмо отправлено");
    // «Адрес уже подтверждён»: the page's warning and what waited for the proof go with a fresh read.
    router.refresh();
  };
  return (
    <form action={resend}>
      <SubmitButton variant="outline">Отправить письмо ещё раз</SubmitButton>
    </form>
  );
}
