"use client";

import { useOptimistic, useState, useTransition } from "react";
import { orNoConnection, toastRefusal } from "@/components/form-toasts";
import { FormSwitch } from "@/components/forms/form-switch";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/client-loading/toast";
import type { NotificationChannel } from "@/lib/domain/notifications";
import type { PreferenceRow } from "@/lib/queries/settings";
import type { ConfigurableKind } from "@/lib/validation/settings";
import { setNotificationPreference } from "../actions";

// Spelled here rather than imported: lib/domain/notifications brings zod along.
const CHANNELS: Record<NotificationChannel, string> = { email: "E-mail", telegram: "Telegram" };

/**
 * One kind on one channel: saved at once, shown ahead of the answer, and back as it was if the save
 * fails. The switch is its own form's submit button, so a press before the page's script has
 * arrived is held by React (a form with a function action) and made once, after hydration.
 */
function PreferenceSwitch({ kind, label, channel, initial }: { kind: ConfigurableKind; label: string; channel: NotificationChannel; initial: boolean }) {
  const [saved, setSaved] = useState(initial);
  const [shown, showOptimistic] = useOptimistic(saved);
  const [pending, startTransition] = useTransition();
  const name = `${CHANNELS[channel]}: ${label}`;

  const toggle = () => {
    const enabled = !saved;
    startTransition(async () => {
      showOptimistic(enabled);
      const result = await orNoConnection(setNotificationPreference({ kind, channel, enabled }));
      if (!result.ok) return void toastRefusal(result);
      setSaved(enabled);
      toast.success(result.message ?? "Настройка сохранена", { description: `${name} — ${enabled ? "включено" : "выключено"}` });
    });
  };

  return (
    <FormSwitch onPress={toggle} pending={pending} checked={shown} aria-label={name}>
      <span role="status" className="sr-only">
        {pending && `${name}: сохраняем…`}
      </span>
    </FormSwitch>
  );
}

const headerHint = "block text-xs font-normal text-muted-foreground";

/** Which kinds of notification go where: the app always, e-mail and Telegram as the person chooses. */
export function NotificationTable({ rows, telegramLinked }: { rows: PreferenceRow[]; telegramLinked: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm hyphens-auto">
        <caption className="sr-only">Какие уведомления куда приходят</caption>
        <thead>
          <tr className="border-b text-left align-bottom">
            <th scope="col" className="py-2 pr-4 font-medium">
              Событие
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              В приложении
              <span className={headerHint}>всегда включено</span>
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              {CHANNELS.email}
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              {CHANNELS.telegram}
              {!telegramLinked && <span className={headerHint}>после подключения</span>}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.kind} className="border-b last:border-0">
              <th scope="row" className="py-3 pr-4 text-left font-normal">
                {row.label}
              </th>
              <td className="px-2 py-3">
                <Switch checked disabled aria-label={`В приложении: ${row.label} — всегда включено`} />
              </td>
              <td className="px-2 py-3">
                <PreferenceSwitch kind={row.kind} label={row.label} channel="email" initial={row.email} />
              </td>
              <td className="px-2 py-3">
                {telegramLinked ? (
                  <PreferenceSwitch kind={row.kind} label={row.label} channel="telegram" initial={row.telegram} />
                ) : (
                  <Switch checked={false} disabled aria-label={`Telegram: ${row.label} — сначала подключите Telegram`} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
