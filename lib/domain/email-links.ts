import type { EmailOtpType } from "@supabase/supabase-js";

/** Why an email link did not work, as far as the app can honestly tell. */
export type LinkProblem = "used-or-expired" | "damaged" | "other-browser" | "too-many-attempts" | "unavailable";

const LINK_TYPES: EmailOtpType[] = ["recovery", "email", "signup", "invite", "magiclink", "email_change"];

/** A token hash as Supabase Auth issues it: hex SHA-224, with a `pkce_` prefix in the PKCE flow. */
const TOKEN_HASH = /^(?:pkce_)?[0-9a-f]{56}$/;

export interface EmailLink {
  tokenHash: string;
  type: EmailOtpType;
}

/** The link's token and type, or null when the link was cut or altered on its way. */
export function parseEmailLink(tokenHash: string | undefined, type: string | undefined): EmailLink | null {
  if (!tokenHash || !TOKEN_HASH.test(tokenHash)) return null;
  const linkType = LINK_TYPES.find((candidate) => candidate === type);
  return linkType ? { tokenHash, type: linkType } : null;
}

/** The problem behind a Supabase Auth error code for a link or a code. */
export function linkProblemOf(error: { code?: string; status?: number }): LinkProblem {
  if (error.code === "over_request_rate_limit") return "too-many-attempts";
  if (error.code === "otp_expired" || error.code === "flow_state_expired" || error.code === "flow_state_not_found") {
    return "used-or-expired";
  }
  if (!error.status || error.status >= 500) return "unavailable";
  return "damaged";
}

export const LINK_PROBLEMS: Record<LinkProblem, { title: string; explanation: string }> = {
  "used-or-expired": {
    title: "Ссылка уже использована или устарела",
    explanation:
      "Каждая ссылка из письма срабатывает один раз и действует 15 минут. Новое письмо отменяет ссылки и коды из прежних писем.",
  },
  damaged: {
    title: "Ссылка повреждена",
    explanation:
      "Похоже, ссылка открылась не целиком: почтовая программа могла перенести её на две строки. Откройте письмо и нажмите на кнопку в нём.",
  },
  "other-browser": {
    title: "Ссылка открыта в другом браузере",
    explanation:
      "Эту ссылку можно открыть только в том браузере, где вы запросили письмо. Откройте её там или введите код из письма.",
  },
  "too-many-attempts": {
    title: "Слишком много попыток",
    explanation: "С вашего адреса было слишком много попыток подтверждения. Подождите несколько минут и откройте ссылку снова.",
  },
  unavailable: {
    title: "Сервер временно недоступен",
    explanation: "Ссылка, скорее всего, в порядке. Попробуйте открыть её снова через минуту.",
  },
};

export function isLinkProblem(value: string | undefined): value is LinkProblem {
  return value !== undefined && Object.hasOwn(LINK_PROBLEMS, value);
}
