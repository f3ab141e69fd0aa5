"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { createClient } from "@/lib/supabase/client";

/** Reloads the server-rendered dashboard whenever the session changes (SPEC.md §4). */
export function AuthStateRefresher() {
  const router = useRouter();
  useEffect(() => {
    const { data } = createClient().auth.onAuthStateChange((event) => {
      if (event !== "INITIAL_SESSION") router.refresh();
    });
    return () => data.subscription.unsubscribe();
  }, [router]);
  return null;
}
