"use client";

import { useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { LogOut } from "lucide-react";
import { SubmitButton } from "@/components/ui/submit-button";
import { announceAuthChange } from "@/lib/auth-channel";
import { signOut, signOutForm } from "../actions";

/**
 * «Выйти». A plain form: pressed before the page's script, the browser posts it and lands on the home
 * page; after the script, the other tabs of the browser are told too.
 */
export function SignOutButton() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const press = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    startTransition(async () => {
      await signOut();
      announceAuthChange("signed-out");
      router.replace("/");
      router.refresh();
    });
  };
  return (
    <form action={signOutForm} onSubmit={press}>
      <SubmitButton variant="ghost" pending={pending}>
        <LogOut aria-hidden />
        Выйти
      </SubmitButton>
    </form>
  );
}
