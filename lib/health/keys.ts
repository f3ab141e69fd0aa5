import { clientWith, describeError, fetchWithTimeout } from "./clients";
import { fail, ok, skipped, type HealthResult, type HealthSettings } from "./types";

/**
 * (a) The keys work: the publishable key opens the project's Auth settings, the secret key its
 * admin API. A key of the wrong kind in a variable is named before any call: a secret key in the
 * NEXT_PUBLIC_ variable would be built into every visitor's browser.
 */

export type KeyKind = "publishable" | "secret" | "unknown";

/** The kind of an API key: the opaque `sb_…` prefixes, or the role claim of a legacy JWT key. */
export function keyKind(key: string): KeyKind {
  if (key.startsWith("sb_publishable_")) return "publishable";
  if (key.startsWith("sb_secret_")) return "secret";
  const parts = key.split(".");
  if (parts.length !== 3) return "unknown";
  try {
    const role: unknown = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8")).role;
    return role === "anon" ? "publishable" : role === "service_role" ? "secret" : "unknown";
  } catch {
    return "unknown";
  }
}

const WHERE_KEYS = "Project Settings → API Keys";

export interface KeysOutcome {
  results: HealthResult[];
  publishableWorks: boolean;
  secretWorks: boolean;
}

async function checkPublishable(settings: HealthSettings): Promise<{ result: HealthResult; reachable: boolean }> {
  const key = settings.publishableKey;
  const project = settings.supabaseUrl;
  if (!key) {
    return { result: fail("publishable-key", `NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY не задан: скопируйте publishable key (${WHERE_KEYS})`), reachable: true };
  }
  if (keyKind(key) === "secret") {
    return {
      result: fail(
        "publishable-key",
        `в NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY секретный ключ: он попадёт в браузер каждого посетителя. Поставьте publishable key и выпустите новый секретный (${WHERE_KEYS})`,
      ),
      reachable: true,
    };
  }
  let response: Response;
  try {
    response = await fetchWithTimeout(`${project}/auth/v1/settings`, { headers: { apikey: key } });
  } catch (thrown) {
    return {
      result: fail(
        "publishable-key",
        `Supabase не отвечает по адресу ${project} (${describeError(thrown)}): ${settings.local ? "запустите npm run dev" : "проверьте NEXT_PUBLIC_SUPABASE_URL"}`,
      ),
      reachable: false,
    };
  }
  await response.body?.cancel();
  if (response.status === 401 || response.status === 403) {
    return {
      result: fail("publishable-key", `NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY не подходит к проекту ${project} (ответ ${response.status}): скопируйте publishable key этого проекта (${WHERE_KEYS})`),
      reachable: true,
    };
  }
  if (!response.ok) {
    return { result: fail("publishable-key", `Supabase Auth по адресу ${project} ответил ${response.status}: проверьте NEXT_PUBLIC_SUPABASE_URL`), reachable: true };
  }
  return { result: ok("publishable-key", `NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY подходит к проекту ${project}`), reachable: true };
}

async function checkSecret(settings: HealthSettings): Promise<HealthResult> {
  const key = settings.secretKey;
  if (!key) {
    return fail("secret-key", `SUPABASE_SECRET_KEY не задан: без него не работают ограничения попыток входа, работник уведомлений и Telegram. Скопируйте secret key (${WHERE_KEYS})`);
  }
  if (keyKind(key) === "publishable") {
    return fail("secret-key", `в SUPABASE_SECRET_KEY публичный ключ (publishable или anon), а нужен секретный: sb_secret_… или service_role (${WHERE_KEYS})`);
  }
  try {
    const { error } = await clientWith(settings, key).auth.admin.listUsers({ page: 1, perPage: 1 });
    if (!error) return ok("secret-key", "SUPABASE_SECRET_KEY подходит: есть права администратора Auth");
    if (error.status === 403) {
      return fail("secret-key", `SUPABASE_SECRET_KEY не даёт прав администратора (${error.message}): это не секретный ключ, нужен sb_secret_… или service_role (${WHERE_KEYS})`);
    }
    if (error.status === 401) {
      return fail("secret-key", `SUPABASE_SECRET_KEY не подходит к проекту ${settings.supabaseUrl} (${error.message}): скопируйте secret key этого проекта (${WHERE_KEYS})`);
    }
    return fail("secret-key", `не удалось проверить SUPABASE_SECRET_KEY: ${error.message}`);
  } catch (thrown) {
    return fail("secret-key", `не удалось проверить SUPABASE_SECRET_KEY: ${describeError(thrown)}`);
  }
}

export async function checkKeys(settings: HealthSettings): Promise<KeysOutcome> {
  const publishable = await checkPublishable(settings);
  const secret = publishable.reachable
    ? await checkSecret(settings)
    : skipped("secret-key", `Supabase не отвечает по адресу ${settings.supabaseUrl}`);
  return {
    results: [publishable.result, secret],
    publishableWorks: publishable.result.status === "ok",
    secretWorks: secret.status === "ok",
  };
}
