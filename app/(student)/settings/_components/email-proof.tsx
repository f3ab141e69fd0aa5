"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Loader2 } from "lucide-react";
import { orNoConnection, toastRefusal } from "@/components/form-toasts";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/client-loading/toast";
import { resendEmailProof } from "../actions";

/** «Отправить письмо ещё раз»: a new letter with the link that proves the address. */
export function ResendEmailProof() {
  const [pending, startTransition] = useTransition();
  const router = useRouter();
  const resend = () =>
    startTransition(async () => {
      const result = await orNoConnection(resendEmailProof());
      if (!result.ok) return void toastRefusal(result);
      toast.success(result.message ?? "Письмо отправлено");
      // «Адрес уже подтверждён»: the page's warning and what waited for the proof go with a fresh read.
      router.refresh();
    });
  return (
    <Button variant="outline" onClick={resend} disabled={pending} aria-busy={pending}>
      {pending && <Loader2 className="animate-spin" aria-hidden />}
      Отправить письмо ещё раз
    </Button>
  );
}
