import { randomBytes, randomUUID } from "node:crypto";
import { confirmUrl } from "@/lib/domain/paths";
import { recoveryCodeSchema } from "@/lib/validation/auth";
import { describeError, fetchWithTimeout, type HealthClient } from "./clients";
import { fail, ok, type HealthResult, type HealthSettings } from "./types";

/**
 * What Supabase Auth does with the school's people, tried as a visitor would: (c) a sign-up
 * without consent is refused by the Before User Created hook, (d) the code in a recovery e-mail
 * has as many digits as the app's form takes, (e) e-mail links lead to the app. (d), and (c) when
 * the hook lets the sign-up through, make a throwaway account (@example.com, which hosted Auth
 * never mails) and delete it at once; (e) spends a made-up link and reads where Auth redirects.
 */

const throwawayEmail = () => `doctor-${randomUUID()}@example.com`;
// Long and varied enough for any password policy a project may set.
const throwawayPassword = () => `Dr-${randomBytes(12).toString("base64url")}-9aZ!`;

async function deleteUser(service: HealthClient, id: string): Promise<boolean> {
  const { error } = await service.auth.admin.deleteUser(id);
  return !error;
}

const HOOK_FIX = "включите Authentication → Hooks → Before User Created → Postgres, функция public.before_user_created_hook";

/** (c) A sign-up without the consent metadata the form sends (lib/validation/auth.ts) must be refused. */
export async function checkSignupHook(publishable: HealthClient, service: HealthClient): Promise<HealthResult> {
  const email = throwawayEmail();
  const { data, error } = await publishable.auth.signUp({
    email,
    password: throwawayPassword(),
    options: { data: { full_name: "Проверка" } },
  });
  if (error) {
    if (/соглас/i.test(error.message)) return ok("signup-hook", `регистрация без согласия отклонена: «${error.message}»`);
    switch (error.code) {
      case "email_address_not_authorized":
        return fail(
          "signup-hook",
          "регистрацию отклонил не хук, а встроенная почта Supabase: она пишет только команде проекта (email_address_not_authorized), так что студенты не смогут зарегистрироваться. Подключите свой SMTP (Authentication → Emails → SMTP Settings) и проверьте снова",
        );
      case "email_address_invalid":
        // Hosted Auth checks the address when it sends the confirmation, after the hook let the sign-up through.
        return fail("signup-hook", `регистрация без согласия прошла хук (её остановила лишь проверка адреса): ${HOOK_FIX}`);
      case "over_request_rate_limit":
        return fail("signup-hook", "не удалось проверить: слишком много регистраций с этого адреса, повторите через 5 минут");
      default:
        return fail("signup-hook", `регистрация отклонена, но не хуком согласия: ${error.message}${error.code ? ` (${error.code})` : ""}`);
    }
  }
  const id = data.user?.id;
  const removed = id ? await deleteUser(service, id) : false;
  return fail(
    "signup-hook",
    `регистрация без согласия принята: ${HOOK_FIX}. Пробный пользователь ${email} ${removed ? "удалён" : "не удалён — удалите его в Authentication → Users"}`,
  );
}

/** Hosted Auth's «Email OTP length» setting: 6 to 10 digits. */
const OTP_LENGTHS = [6, 7, 8, 9, 10];

/** The code lengths the app's recovery form accepts: asked of its own schema, so the rule lives in one place. */
export function acceptedCodeLengths(): number[] {
  return OTP_LENGTHS.filter((length) => recoveryCodeSchema.safeParse({ email: "a@b.ru", code: "1".repeat(length) }).success);
}

const describeLengths = (lengths: number[]) =>
  lengths.length === 0 ? "никакой" : lengths.length === 1 ? `${lengths[0]}` : `от ${lengths[0]} до ${lengths[lengths.length - 1]}`;

/** Whether the app takes the code Auth sent: its length against the form's rule. */
export function otpVerdict(otp: string): HealthResult {
  const accepted = acceptedCodeLengths();
  if (recoveryCodeSchema.safeParse({ email: "a@b.ru", code: otp }).success) {
    return ok("otp-length", `${otp.length} цифр, приложение принимает такой код`);
  }
  return fail(
    "otp-length",
    `Supabase присылает код из ${otp.length} ${/^\d+$/.test(otp) ? "цифр" : "символов"}, а приложение принимает ${describeLengths(accepted)}: поставьте Email OTP Length = ${accepted[0] ?? 6} (Authentication → Sign In / Providers → Email)`,
  );
}

/** (d) A recovery code of a throwaway account, measured against the app's form. */
export async function checkOtpLength(service: HealthClient): Promise<HealthResult> {
  const email = throwawayEmail();
  const created = await service.auth.admin.createUser({ email, password: throwawayPassword(), email_confirm: true });
  if (created.error) return fail("otp-length", `не удалось создать пробного пользователя: ${created.error.message}`);
  try {
    const link = await service.auth.admin.generateLink({ type: "recovery", email });
    if (link.error) return fail("otp-length", `не удалось получить код: ${link.error.message}`);
    return otpVerdict(link.data.properties.email_otp);
  } catch (thrown) {
    return fail("otp-length", `не удалось получить код: ${describeError(thrown)}`);
  } finally {
    await deleteUser(service, created.data.user.id);
  }
}

/** Where the app's recovery e-mails send people. */
export const confirmUrlOf = (siteUrl: string) => confirmUrl(siteUrl, "/auth/reset-password");

/** An address as people read it: no fragment, and no lone slash after a bare origin. */
function withoutFragment(location: string): string {
  const url = new URL(location);
  url.hash = "";
  return url.pathname === "/" && !url.search ? url.origin : url.href;
}
const sameAddress = (a: string, b: string) => withoutFragment(a).replace(/\/+$/, "") === withoutFragment(b).replace(/\/+$/, "");

/**
 * Auth's Site URL and its answer to the app's confirm address, as the redirects of a spent link
 * show them: Auth sends a link without redirect_to to the Site URL, and one whose redirect_to is
 * not on the allow list to the Site URL too.
 */
export function authUrlsVerdict(appUrl: string, siteLocation: string, confirmLocation: string): HealthResult {
  const confirm = confirmUrlOf(appUrl);
  const authSite = withoutFragment(siteLocation);
  const problems: string[] = [];
  if (!sameAddress(authSite, appUrl)) {
    problems.push(`Site URL в Supabase — ${authSite}, а приложение — ${appUrl} (NEXT_PUBLIC_SITE_URL): ссылки в письмах поведут не туда. Поставьте Site URL = ${appUrl}`);
  }
  if (!sameAddress(confirmLocation, confirm)) {
    problems.push(`адреса ${confirm} нет в Redirect URLs: Supabase подставляет вместо него ${withoutFragment(confirmLocation)}. Добавьте ${appUrl}/**`);
  }
  if (problems.length === 0) return ok("auth-urls", `Site URL — ${authSite}, ${appUrl}/auth/confirm есть в Redirect URLs`);
  return fail("auth-urls", `${problems.join("; ")} (Authentication → URL Configuration)`);
}

/** The redirect of GET /verify for a token that never existed: where Auth would have sent the person. */
async function verifyRedirect(settings: HealthSettings, redirectTo: string | null): Promise<string> {
  const query = new URLSearchParams({ token: randomBytes(28).toString("hex"), type: "recovery" });
  if (redirectTo) query.set("redirect_to", redirectTo);
  const response = await fetchWithTimeout(`${settings.supabaseUrl}/auth/v1/verify?${query}`, {
    redirect: "manual",
    headers: settings.publishableKey ? { apikey: settings.publishableKey } : {},
  });
  await response.body?.cancel();
  const location = response.headers.get("location");
  if (!location) throw new Error(`Auth ответил ${response.status} без перенаправления`);
  return location;
}

/** (e) The Site URL is the app's, and the app's confirm route is on the redirect allow list. */
export async function checkAuthUrls(settings: HealthSettings): Promise<HealthResult> {
  try {
    const [site, confirm] = await Promise.all([verifyRedirect(settings, null), verifyRedirect(settings, confirmUrlOf(settings.siteUrl))]);
    return authUrlsVerdict(settings.siteUrl, site, confirm);
  } catch (thrown) {
    return fail("auth-urls", `не удалось проверить: ${describeError(thrown)}`);
  }
}
