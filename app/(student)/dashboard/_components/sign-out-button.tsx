"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { announceAuthChange } from "@/lib/auth-channel";
import { signOut } from "../actions";

export function SignOutButton() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      variant="ghost"
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          await signOut();
          announceAuthChange("signed-out");
          router.replace("/");
          router.refresh();
        })
      }
    >
      <LogOut aria-hidden />
      Выйти
    </Button>
  );
}
