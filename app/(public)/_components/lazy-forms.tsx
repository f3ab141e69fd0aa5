"use client";

import { hydrateOnIntent } from "@/components/hydrate-on-intent";

/** The landing's form: its script (react-hook-form) loads when the visitor reaches for it. */
export const AuthForm = hydrateOnIntent(() => import("./auth-form").then((module) => module.AuthForm));
