import type { Metadata } from "next";
import Link from "next/link";
import { AuthCardPage } from "@/components/auth-card-page";
import { isLinkProblem, LINK_PROBLEMS } from "@/lib/domain/email-links";
import { ResendRecoveryForm } from "../_components/resend-recovery-form";

export const metadata: Metadata = { title: "Ссылка не сработала", robots: { index: false } };

interface LinkExpiredPageProps {
  searchParams: Promise<{ reason?: string }>;
}

export default async function LinkExpiredPage({ searchParams }: LinkExpiredPageProps) {
  const { reason } = await searchParams;
  const problem = LINK_PROBLEMS[isLinkProblem(reason) ? reason : "used-or-expired"];
  return (
    <AuthCardPage title={problem.title} description={problem.explanation}>
      <p className="text-sm">Пришлём новое письмо со ссылкой и кодом для смены пароля:</p>
      <ResendRecoveryForm />
      <p className="text-center text-sm text-muted-foreground">
        Есть код из письма?{" "}
        <Link href="/auth/code" className="font-medium text-primary underline-offset-4 hover:underline">
          Ввести код
        </Link>{" "}
        ·{" "}
        <Link href="/" className="font-medium text-primary underline-offset-4 hover:underline">
          На страницу входа
        </Link>
      </p>
    </AuthCardPage>
  );
}
