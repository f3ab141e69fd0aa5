"use client";

import { useEffect } from "react";
import { hydrateOnIntent } from "@/components/client-loading/hydrate-on-intent";
import { toast } from "@/components/client-loading/toast";
import { SIGN_IN_FAILED_PATH } from "@/lib/domain/paths";

/** The landing's form: its script (react-hook-form) loads when the visitor reaches for it. */
export const AuthForm = hydrateOnIntent(() => import("./auth-form").then((module) => module.AuthForm));

/**
 * A sign-in the browser posted before the form's script arrived came back refused
 * (`signInWithoutScript`): said as soon as the page's own script runs, not when the form's does.
 */
export function SignInFailureNotice() {
  useEffect(() => {
    if (`${location.pathname}${location.search}` !== SIGN_IN_FAILED_PATH) return;
    history.replaceState(history.state, "", "/");
    toast.error("Не удалось войти", { description: "Проверьте email и пароль и попробуйте ещё раз" });
    document.getElementById("email")?.focus();
  }, []);
  return null;
}
