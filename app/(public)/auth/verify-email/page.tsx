import type { Metadata } from "next";
import Link from "next/link";
import { SafeForm } from "@/components/forms/safe-form";
import { AuthCardPage } from "@/components/auth-card-page";
import { Button } from "@/components/ui/button";
import { proveEmailAddress } from "./actions";

export const metadata: Metadata = { title: "Подтверждение адреса", robots: { index: false } };

interface VerifyEmailPageProps {
  searchParams: Promise<Record<string, string | undefined>>;
}

/**
 * Where the proof letter's link lands. The token is spent only by pressing the button (a POST):
 * mail scanners that open every link in a letter would otherwise spend it before the person does.
 */
export default async function VerifyEmailPage({ searchParams }: VerifyEmailPageProps) {
  const { token, result } = await searchParams;
  if (result === "proven") {
    return (
      <AuthCardPage title="Адрес подтверждён" description="Теперь школа присылает вам письма, и в «Настройках» можно подключить Telegram.">
        <Button asChild size="lg" className="w-full">
          <Link href="/dashboard">Перейти к обучению</Link>
        </Button>
      </AuthCardPage>
    );
  }
  if (result === "failed" || !token || !/^[0-9a-f]{64}$/.test(token)) {
    return (
      <AuthCardPage
        title="Ссылка не сработала"
        description="Ссылка из письма срабатывает один раз и действует сутки, и только последнее письмо в силе. Новое письмо можно отправить в «Настройках»."
      >
        <Button asChild size="lg" className="w-full">
          <Link href="/settings#email">Открыть настройки</Link>
        </Button>
      </AuthCardPage>
    );
  }
  return (
    <AuthCardPage title="Подтверждение адреса" description="Нажмите кнопку, чтобы подтвердить, что этот адрес e-mail ваш.">
      <SafeForm action={proveEmailAddress}>
        <input type="hidden" name="token" value={token} />
        <Button type="submit" size="lg" className="w-full">
          Подтвердить адрес
        </Button>
      </SafeForm>
    </AuthCardPage>
  );
}
