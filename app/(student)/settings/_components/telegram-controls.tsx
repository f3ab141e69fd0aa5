"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { orNoConnection, toastRefusal } from "@/components/form-toasts";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/client-loading/toast";
import { connectTelegram, disconnectTelegram } from "../actions";

/**
 * «Подключить Telegram»: a fresh deep link to the school's bot, opened in a new tab. A browser
 * that blocks the tab (it opens after the server's answer) still has the link to press. Each
 * press is a form's submit, so one made before the page's script has arrived is held by React and
 * made once, after hydration.
 */
export function TelegramConnect() {
  const router = useRouter();
  const [link, setLink] = useState<string | null>(null);

  const connect = async () => {
    const result = await orNoConnection(connectTelegram());
    if (!result.ok) return void toastRefusal(result);
    setLink(result.data.link);
    window.open(result.data.link, "_blank", "noopener,noreferrer");
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <form action={connect}>
          <SubmitButton>Подключить Telegram</SubmitButton>
        </form>
        {link && (
          <Button variant="outline" onClick={() => router.refresh()}>
            Проверить подключение
          </Button>
        )}
      </div>
      <p role="status" className="text-sm">
        {link && (
          <>
            Откройте Telegram и нажмите «Запустить». Ссылка действует 15 минут.{" "}
            <a href={link} target="_blank" rel="noopener noreferrer" className="font-medium text-primary underline underline-offset-4">
              Открыть Telegram
            </a>
          </>
        )}
      </p>
    </div>
  );
}

export function TelegramDisconnect() {
  const router = useRouter();
  const disconnect = async () => {
    const result = await orNoConnection(disconnectTelegram());
    if (!result.ok) return void toastRefusal(result);
    toast.success(result.message ?? "Telegram отключён", { description: "Сообщения в Telegram больше не придут" });
    router.refresh();
  };
  return (
    <form action={disconnect}>
      <SubmitButton variant="outline" aria-label="Отключить Telegram">
        Отключить
      </SubmitButton>
    </form>
  );
}
