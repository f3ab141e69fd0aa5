"use client";

import { hydrateOnIntent } from "@/components/hydrate-on-intent";

/** The assignment editor, like the studio's forms: its script (react-hook-form) loads when the owner reaches for it. */
export const AssignmentEditor = hydrateOnIntent(() => import("./assignment-editor").then((module) => module.AssignmentEditor));
