import type { Metadata } from "next";
import Link from "next/link";
import { AuthCardPage } from "@/components/auth-card-page";
import { RecoveryCodeForm } from "./recovery-code-form";

export const metadata: Metadata = { title: "Код из письма", robots: { index: false } };

interface CodePageProps {
  searchParams: Promise<{ email?: string }>;
}

/**
 * The code of a recovery email (6 to 10 digits, as the project's "Email OTP length" says), for when
 * the link was already opened by a mail scanner.
 */
export default async function CodePage({ searchParams }: CodePageProps) {
  const { email } = await searchParams;
  return (
    <AuthCardPage title="Код из письма" description="Введите адрес и код из цифр, который пришёл в письме для смены пароля.">
      <RecoveryCodeForm email={typeof email === "string" ? email.slice(0, 255) : ""} />
      <Link href="/" className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
        На страницу входа
      </Link>
    </AuthCardPage>
  );
}
