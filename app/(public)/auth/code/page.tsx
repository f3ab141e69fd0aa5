import type { Metadata } from "next";
import Link from "next/link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { RecoveryCodeForm } from "./recovery-code-form";

export const metadata: Metadata = { title: "Код из письма", robots: { index: false } };

interface CodePageProps {
  searchParams: Promise<{ email?: string }>;
}

/** The 6-digit code of a recovery email, for when the link was already opened by a mail scanner. */
export default async function CodePage({ searchParams }: CodePageProps) {
  const { email } = await searchParams;
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>Код из письма</h1>
          </CardTitle>
          <CardDescription>Введите адрес и 6 цифр из письма для смены пароля.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <RecoveryCodeForm email={typeof email === "string" ? email.slice(0, 255) : ""} />
          <Link href="/" className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
            На страницу входа
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
