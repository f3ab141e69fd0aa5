"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import { onAuthChange } from "@/lib/auth-channel";

/** Reloads the server-rendered dashboard whenever the session changes in another tab (docs/product.md §4). */
export function AuthStateRefresher() {
  const router = useRouter();
  useEffect(() => onAuthChange(() => router.refresh()), [router]);
  return null;
}
