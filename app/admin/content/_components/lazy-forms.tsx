"use client";

import { hydrateOnIntent } from "@/components/client-loading/hydrate-on-intent";

/** The studio's forms: their script (react-hook-form) loads when the owner reaches for them. */
export const ItemForm = hydrateOnIntent(() => import("./item-form").then((module) => module.ItemForm));
export const LessonForm = hydrateOnIntent(() => import("./lesson-form").then((module) => module.LessonForm));
export const AssignmentEditor = hydrateOnIntent(() => import("./assignment-editor").then((module) => module.AssignmentEditor));
