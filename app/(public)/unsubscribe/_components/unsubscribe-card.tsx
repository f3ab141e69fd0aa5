"use client";

import { useState } from "react";
import Link from "next/link";
import { AuthCardPage } from "@/components/auth-card-page";
import { orNoConnection } from "@/components/form-toasts";
import { SubmitButton } from "@/components/ui/submit-button";
import type { UnsubscribeRequest } from "@/lib/validation/unsubscribe";
import { unsubscribeEmails } from "../actions";

const LINK = "font-medium text-primary underline-offset-4 hover:underline";

interface UnsubscribeCardProps {
  link: UnsubscribeRequest;
  /** «Отписаться от писем «Работа принята» для anna@example.com?» */
  question: string;
}

/** Asks, then unsubscribes: only the button's POST changes anything. */
export function UnsubscribeCard({ link, question }: UnsubscribeCardProps) {
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A form action: a press before the script is held by React and made once it can act.
  const submit = async () => {
    setError(null);
    const result = await orNoConnection(unsubscribeEmails(link));
    if (result.ok) setDone(true);
    else setError(result.error);
  };

  if (done) {
    return (
      <AuthCardPage title="Вы отписались" description={null}>
        <p role="status">
          Готово: такие письма больше не придут. Включить снова можно в{" "}
          <Link href="/settings" className={LINK}>
            настройках
          </Link>
          .
        </p>
      </AuthCardPage>
    );
  }
  return (
    <AuthCardPage title="Отписка от писем" description={question}>
      <form action={submit} className="flex flex-col gap-3">
        <SubmitButton size="lg" className="w-full">
          Отписаться
        </SubmitButton>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
      <p className="text-center text-sm text-muted-foreground">
        <Link href="/settings" className={LINK}>
          Все настройки уведомлений
        </Link>
      </p>
    </AuthCardPage>
  );
}
