/** The auth forms' limits (SPEC.md §5) without zod, for pages that must not load it up front. */
export const EMAIL_MAX = 255;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
/** The browser's own minimum on password inputs, before any script runs. */
export const PASSWORD_NATIVE_MIN = 6;
export const NAME_MAX = 100;
/** Digits in the recovery code of Supabase Auth's email (`otp_length`). */
export const RECOVERY_CODE_LENGTH = 6;
