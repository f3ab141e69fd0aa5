import type { Metadata } from "next";
import Link from "next/link";
import { AuthCardPage } from "@/components/auth-card-page";
import { findUnsubscribeTarget } from "@/lib/notifications/email-unsubscribe";
import { parseUnsubscribeLink, unsubscribeKindLabel } from "@/lib/validation/unsubscribe";
import { UnsubscribeCard } from "./_components/unsubscribe-card";

export const metadata: Metadata = { title: "Отписка от писем", robots: { index: false } };

interface UnsubscribePageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const SETTINGS = (
  <>
    Настроить уведомления можно в{" "}
    <Link href="/settings" className="font-medium text-primary underline-offset-4 hover:underline">
      настройках
    </Link>{" "}
    после входа.
  </>
);

/**
 * Where an e-mail's «Отписаться» leads. Opening it changes nothing (mail scanners open every link
 * of a letter): it asks, and the button's POST unsubscribes.
 */
export default async function UnsubscribePage({ searchParams }: UnsubscribePageProps) {
  const params = await searchParams;
  const link = parseUnsubscribeLink({ token: params.token, kind: params.kind });
  if (!link) {
    return (
      <AuthCardPage title="Ссылка повреждена" description="Ссылка для отписки повреждена: откройте её из письма ещё раз, целиком.">
        <p className="text-sm">{SETTINGS}</p>
      </AuthCardPage>
    );
  }
  const target = await findUnsubscribeTarget(link.token);
  if (!target.found) {
    return target.unavailable ? (
      <AuthCardPage title="Сервис временно недоступен" description="Не удалось проверить ссылку. Обновите страницу через минуту.">
        <p className="text-sm">Ничего не изменилось.</p>
      </AuthCardPage>
    ) : (
      <AuthCardPage title="Ссылка недействительна" description="Ссылка для отписки недействительна: возможно, аккаунт уже удалён. Ничего не изменилось.">
        <p className="text-sm">{SETTINGS}</p>
      </AuthCardPage>
    );
  }
  const label = unsubscribeKindLabel(link.kind);
  const question = label ? `Отписаться от писем «${label}» для ${target.email}?` : `Отписаться от всех писем школы для ${target.email}?`;
  return <UnsubscribeCard link={link} question={question} />;
}
