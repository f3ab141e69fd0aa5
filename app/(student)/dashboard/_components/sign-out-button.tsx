"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { createClient } from "@/lib/supabase/client";

export function SignOutButton() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      variant="ghost"
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          // The browser client clears the cookies and tells the other tabs (SIGNED_OUT).
          await createClient().auth.signOut();
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
