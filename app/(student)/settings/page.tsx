import type { Metadata } from "next";
import { PageHeader, PageShell } from "@/components/page-header";
import { admits } from "@/lib/actions/roles";
import { requireViewer } from "@/lib/preview";
import { getSettings } from "@/lib/queries/settings";
import { TELEGRAM_NOT_CONFIGURED } from "@/lib/validation/settings";
import { EmailForm, NameForm, PasswordForm } from "./_components/account-forms";
import { DeleteAccount } from "./_components/delete-account";
import { ResendEmailProof } from "./_components/email-proof";
import { NotificationTable } from "./_components/notification-table";
import { SettingsSection } from "./_components/settings-section";
import { TelegramConnect, TelegramDisconnect } from "./_components/telegram-controls";

export const metadata: Metadata = { title: "Настройки", robots: { index: false } };

/** What the confirm page says after an address-change link (app/(public)/auth/confirm). */
const EMAIL_NOTICES: Record<string, string> = {
  changed: "Адрес e-mail изменён.",
  "confirm-other": "Первая ссылка подтверждена. Откройте ссылку из второго письма, чтобы завершить смену адреса.",
  "confirm-new": "Нынешний адрес подтверждён. Откройте ссылку из письма на новый адрес — после неё адрес сменится.",
  "confirm-current": "Новый адрес подтверждён. Откройте ссылку из письма на нынешний адрес — после неё адрес сменится.",
};

interface SettingsPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** «Настройки»: the signed-in person's own account, whatever their role (an admin's preview of a student changes nothing here). */
export default async function SettingsPage({ searchParams }: SettingsPageProps) {
  const { user, preview } = await requireViewer();
  const [settings, params] = await Promise.all([getSettings(user), searchParams]);
  const notice = typeof params.email === "string" && Object.hasOwn(EMAIL_NOTICES, params.email) ? EMAIL_NOTICES[params.email] : null;
  const { telegram } = settings;
  return (
    <PageShell>
      <PageHeader backHref="/dashboard" backLabel="К выбору трека" title="Настройки" />
      {preview && <p className="text-sm text-muted-foreground">Здесь ваши собственные настройки: просмотр глазами студента их не касается.</p>}

      <SettingsSection id="profile" title="Профиль" description="Имя видят кураторы и администраторы школы.">
        <NameForm fullName={settings.fullName} />
      </SettingsSection>

      <SettingsSection id="email" title="E-mail" description="На этот адрес приходят письма школы, с ним вы входите.">
        <p className="text-sm">
          Сейчас: <strong className="break-all">{settings.email}</strong>
        </p>
        {settings.emailUnproven && (
          <div role="status" className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
            <p>
              <strong>Подтвердите адрес.</strong> Мы отправили письмо со ссылкой на <strong className="break-all">{settings.email}</strong>. Пока
              адрес не подтверждён, школа не присылает на него письма (приветственное письмо ждёт) и к аккаунту нельзя подключить Telegram: так
              никто не сможет получать уведомления, зарегистрировавшись с чужим адресом. Уроки и уведомления на сайте доступны и без этого.
            </p>
            <div>
              <ResendEmailProof />
            </div>
          </div>
        )}
        {settings.pendingEmail && (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
            Ждёт подтверждения: <strong className="break-all">{settings.pendingEmail}</strong>. Адрес сменится, когда вы откроете ссылки
            из обоих писем: из письма на нынешний адрес — так мы знаем, что смену просили вы, и из письма на новый — так мы знаем, что
            он ваш. До тех пор вы входите и получаете письма по нынешнему адресу.
            <span className="mt-2 block">
              Нынешний адрес: {settings.pendingProven.current ? "подтверждён" : "ждёт ссылки из письма"}. Новый адрес:{" "}
              {settings.pendingProven.new ? "подтверждён" : "ждёт ссылки из письма"}.
            </span>
          </p>
        )}
        {notice && (
          <p role="status" className="text-sm font-medium">
            {notice}
          </p>
        )}
        <EmailForm />
      </SettingsSection>

      <SettingsSection id="password" title="Пароль" description="Не короче 8 символов.">
        <PasswordForm email={settings.email} />
      </SettingsSection>

      <SettingsSection id="notifications" title="Уведомления" description="Каждый переключатель сохраняется сразу.">
        <NotificationTable rows={settings.preferences} telegramLinked={telegram.linked} />
      </SettingsSection>

      <SettingsSection id="telegram" title="Telegram" description="Уведомления школы в Telegram, от бота школы.">
        {telegram.linked ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm">
              Подключён{telegram.username ? <>: <strong>@{telegram.username}</strong></> : null}
            </p>
            <TelegramDisconnect />
          </div>
        ) : telegram.configured && settings.emailUnproven ? (
          <p className="text-sm text-muted-foreground">Telegram можно подключить после того, как вы подтвердите адрес e-mail (раздел «E-mail» выше).</p>
        ) : telegram.configured ? (
          <TelegramConnect />
        ) : (
          <p className="text-sm text-muted-foreground">{TELEGRAM_NOT_CONFIGURED}</p>
        )}
      </SettingsSection>

      <SettingsSection id="delete-account" title="Удалить аккаунт" danger>
        <div className="flex flex-col gap-2 text-sm">
          <p>Вместе с аккаунтом навсегда удалятся:</p>
          <ul className="list-disc pl-5">
            <li>профиль: имя и e-mail;</li>
            <li>прогресс по урокам и открытые вам материалы;</li>
            <li>домашние работы вместе с файлами и комментариями к ним;</li>
            <li>уведомления и их настройки;</li>
            <li>подключение Telegram.</li>
          </ul>
          {admits("reviewer", user.role) && <p>Комментарии, которые вы оставили к работам студентов, останутся — без имени автора.</p>}
        </div>
        <DeleteAccount email={settings.email} />
      </SettingsSection>
    </PageShell>
  );
}
