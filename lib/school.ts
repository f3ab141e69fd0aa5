/**
 * What the owner tells about the school, from configuration (docs/deployment.md, «The school's details»): how
 * a student reaches the school, and the operator's details in the privacy policy.
 */

type Env = Record<string, string | undefined>;

/**
 * Next inlines `process.env.NEXT_PUBLIC_…` only where it is written out literally, so the values
 * are named one by one here, not read by a computed key.
 */
const configured: Env = {
  NEXT_PUBLIC_SCHOOL_CONTACT_EMAIL: process.env.NEXT_PUBLIC_SCHOOL_CONTACT_EMAIL,
  NEXT_PUBLIC_SCHOOL_CONTACT_TELEGRAM: process.env.NEXT_PUBLIC_SCHOOL_CONTACT_TELEGRAM,
  SCHOOL_OPERATOR_NAME: process.env.SCHOOL_OPERATOR_NAME,
  SCHOOL_OPERATOR_INN: process.env.SCHOOL_OPERATOR_INN,
  SCHOOL_OPERATOR_OGRN: process.env.SCHOOL_OPERATOR_OGRN,
  SCHOOL_OPERATOR_ADDRESS: process.env.SCHOOL_OPERATOR_ADDRESS,
  SCHOOL_PRIVACY_EMAIL: process.env.SCHOOL_PRIVACY_EMAIL,
  SCHOOL_DATA_RETENTION: process.env.SCHOOL_DATA_RETENTION,
  SCHOOL_DATA_HOSTING: process.env.SCHOOL_DATA_HOSTING,
  SCHOOL_DATA_PROCESSORS: process.env.SCHOOL_DATA_PROCESSORS,
};

const value = (env: Env, name: string) => env[name]?.trim() || null;

export interface SchoolContact {
  /** «school@example.ru», «@school_support». */
  label: string;
  href: string;
}

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
const TELEGRAM_NAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

/** The Telegram username from «@school», «school» or a t.me link; null when it is none of them. */
function telegramName(raw: string): string | null {
  const name = raw.replace(/^https?:\/\/(www\.)?(t\.me|telegram\.me)\//i, "").replace(/^@/, "").replace(/\/$/, "");
  return TELEGRAM_NAME.test(name) ? name : null;
}

/** Every way to reach the school the owner configured, e-mail first; a malformed value is left out. */
export function schoolContacts(env: Env = configured): SchoolContact[] {
  const contacts: SchoolContact[] = [];
  const email = value(env, "NEXT_PUBLIC_SCHOOL_CONTACT_EMAIL");
  if (email && EMAIL.test(email)) contacts.push({ label: email, href: `mailto:${email}` });
  const telegram = value(env, "NEXT_PUBLIC_SCHOOL_CONTACT_TELEGRAM");
  const name = telegram && telegramName(telegram);
  if (name) contacts.push({ label: `@${name}`, href: `https://t.me/${name}` });
  return contacts;
}

/** The privacy policy's details: the owner's values, or neutral wording that stands without them. */
export interface PrivacyDetails {
  /** «ИП Иванов Иван Иванович, ИНН 7701…, ОГРНИП 3047…, адрес: …», or null to name only the site's owner. */
  operator: string | null;
  /** Where to write about personal data; null when neither it nor a school e-mail is set. */
  email: string | null;
  retention: string;
  hosting: string;
  processors: string;
}

export function privacyDetails(env: Env = configured): PrivacyDetails {
  const name = value(env, "SCHOOL_OPERATOR_NAME");
  const inn = value(env, "SCHOOL_OPERATOR_INN");
  const ogrn = value(env, "SCHOOL_OPERATOR_OGRN");
  const address = value(env, "SCHOOL_OPERATOR_ADDRESS");
  const operator = [name, inn && `ИНН ${inn}`, ogrn && `ОГРН/ОГРНИП ${ogrn}`, address && `адрес: ${address}`].filter(Boolean).join(", ");
  return {
    operator: operator || null,
    email: value(env, "SCHOOL_PRIVACY_EMAIL") ?? schoolContacts(env).find((contact) => contact.href.startsWith("mailto:"))?.label ?? null,
    // 152-FZ art. 21 (5): data is destroyed within thirty days once consent is withdrawn.
    retention: value(env, "SCHOOL_DATA_RETENTION") ?? "30 дней",
    hosting: value(env, "SCHOOL_DATA_HOSTING") ?? "хостинг-провайдера, с которым Оператор заключил договор",
    processors: value(env, "SCHOOL_DATA_PROCESSORS") ?? "сервисов, без которых сайт не работает (хостинг и отправка писем), в объёме, нужном для этих целей",
  };
}
