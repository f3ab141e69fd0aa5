import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
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
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>{problem.title}</h1>
          </CardTitle>
          <CardDescription>{problem.explanation}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
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
        </CardContent>
      </Card>
    </main>
  );
}
