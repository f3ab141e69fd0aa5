"use client";

import { hydrateOnIntent } from "@/components/client-loading/hydrate-on-intent";

/**
 * The settings page's interactive parts: the server's HTML shows at once, their script
 * (react-hook-form, the dialog) loads when the person reaches for them, and a press made before
 * then is made again once it can act.
 */
export const NameForm = hydrateOnIntent(() => import("./account-forms").then((module) => module.NameForm));
export const EmailForm = hydrateOnIntent(() => import("./account-forms").then((module) => module.EmailForm));
export const PasswordForm = hydrateOnIntent(() => import("./account-forms").then((module) => module.PasswordForm));
export const NotificationTable = hydrateOnIntent(() => import("./notification-table").then((module) => module.NotificationTable));
export const TelegramConnect = hydrateOnIntent(() => import("./telegram-controls").then((module) => module.TelegramConnect));
export const TelegramDisconnect = hydrateOnIntent(() => import("./telegram-controls").then((module) => module.TelegramDisconnect));
export const ResendEmailProof = hydrateOnIntent(() => import("./email-proof").then((module) => module.ResendEmailProof));
export const DeleteAccount = hydrateOnIntent(() => import("./delete-account").then((module) => module.DeleteAccount));
