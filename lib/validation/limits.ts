/** The auth forms' limits (docs/product.md §5) without zod, for pages that must not load it up front. */
export const EMAIL_MAX = 255;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
/** The browser's own minimum on password inputs, before any script runs. */
export const PASSWORD_NATIVE_MIN = 6;
export const NAME_MAX = 100;
/**
 * Digits in the recovery code of Supabase Auth's email: the project's `otp_length` ("Email OTP
 * length" on hosted, 6 to 10; new hosted projects send 8), so the app takes any of them.
 */
export const RECOVERY_CODE_MIN_DIGITS = 6;
export const RECOVERY_CODE_MAX_DIGITS = 10;
