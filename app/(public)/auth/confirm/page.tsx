import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SafeForm } from "@/components/forms/safe-form";
import { Button } from "@/components/ui/button";
import { AuthCardPage } from "@/components/auth-card-page";
import { linkProblemOf, parseEmailLink } from "@/lib/domain/email-links";
import { confirmEmailLink } from "./actions";

export const metadata: Metadata = { title: "Подтверждение", robots: { index: false } };

interface ConfirmPageProps {
  searchParams: Promise<Record<string, string | undefined>>;
}

/**
 * Where email links land. The token is spent only by pressing the button (a POST): mail
 * scanners that open every link in an email would otherwise use it up before the person does.
 */
export default async function ConfirmPage({ searchParams }: ConfirmPageProps) {
  const params = await searchParams;
  // A link that went through Supabase Auth's own /verify comes back with its error in the query.
  if (params.error_code) redirect(`/auth/link-expired?reason=${linkProblemOf({ code: params.error_code, status: 403 })}`);
  const link = parseEmailLink(params.token_hash, params.type);
  const code = params.code && /^[\w-]{1,100}$/.test(params.code) ? params.code : null;
  if (!link && !code) redirect("/auth/link-expired?reason=damaged");
  const recovery = link ? link.type === "recovery" : params.next === "/auth/reset-password";
  const emailChange = link?.type === "email_change";
  return (
    <AuthCardPage
      title={recovery ? "Смена пароля" : emailChange ? "Смена e-mail" : "Подтверждение email"}
      description={
        recovery
          ? "Нажмите кнопку, чтобы перейти к выбору нового пароля."
          : emailChange
            ? "Нажмите кнопку, чтобы подтвердить смену адреса."
            : "Нажмите кнопку, чтобы подтвердить адрес и войти."
      }
    >
      <SafeForm action={confirmEmailLink}>
        {link && <input type="hidden" name="token_hash" value={link.tokenHash} />}
        {link && <input type="hidden" name="type" value={link.type} />}
        {code && <input type="hidden" name="code" value={code} />}
        <input type="hidden" name="next" value={params.next ?? ""} />
        <Button type="submit" size="lg" className="w-full">
          {recovery ? "Задать новый пароль" : emailChange ? "Подтвердить смену e-mail" : "Подтвердить email"}
        </Button>
      </SafeForm>
    </AuthCardPage>
  );
}
