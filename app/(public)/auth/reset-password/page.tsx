import type { Metadata } from "next";
import { AuthCardPage } from "@/components/auth-card-page";
import { requireUser } from "@/lib/auth";
import { NewPasswordForm } from "./new-password-form";

export const metadata: Metadata = { title: "Новый пароль", robots: { index: false } };

export default async function ResetPasswordPage() {
  const user = await requireUser();
  return (
    <AuthCardPage title="Новый пароль" description={`Придумайте новый пароль для ${user.email}`}>
      <NewPasswordForm />
    </AuthCardPage>
  );
}
