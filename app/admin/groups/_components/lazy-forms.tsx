"use client";

import { hydrateOnIntent } from "@/components/client-loading/hydrate-on-intent";

/** The cohort forms: their script (react-hook-form) loads when the owner reaches for them. */
export const GroupNameForm = hydrateOnIntent(() => import("./group-forms").then((module) => module.GroupNameForm));
export const AddMembersForm = hydrateOnIntent(() => import("./group-forms").then((module) => module.AddMembersForm));
