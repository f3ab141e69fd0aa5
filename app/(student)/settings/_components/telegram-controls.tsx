"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Loader2 } from "lucide-react";
import { orNoConnection, toastRefusal } from "@/components/form-toasts";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/client-loading/toast";
import { connectTelegram, disconnectTelegram } from "../actions";

/**
 * «Подключить Telegram»: a fresh deep link to the school's bot, opened in a new tab. A browser
 * that blocks the tab (it opens after the server's answer) still has the link to press.
 */
export function TelegramConnect() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [link, setLink] = useState<string | null>(null);

  const connect = () =>
    startTransition(async () => {
      const result = await orNoConnection(connectTelegram());
      if (!result.ok) return void toastRefusal(result);
      setLink(result.data.link);
      window.open(result.data.link, "_blank", "noopener,noreferrer");
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button onClick={connect} disabled={pending} aria-busy={pending}>
          {pending && <Loader2 className="animate-spin" aria-hidden />}
          Подключить Telegram
        </Button>
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
  const [pending, startTransition] = useTransition();
  const disconnect = () =>
    startTransition(async () => {
      const result = await orNoConnection(disconnectTelegram());
      if (!result.ok) return void toastRefusal(result);
      toast.success(result.message ?? "Telegram отключён", { description: "Сообщения в Telegram больше не придут" });
      router.refresh();
    });
  return (
    <Button variant="outline" onClick={disconnect} disabled={pending} aria-busy={pending} aria-label="Отключить Telegram">
      {pending && <Loader2 className="animate-spin" aria-hidden />}
      Отключить
    </Button>
  );
}
