import "server-only";
import { createServiceClient } from "@/lib/supabase/service";
import { EXPECTED_GRANTS } from "./expected-grants";
import { runRuntimeChecks } from "./run";
import { healthSettings } from "./settings";
import type { HealthResult } from "./types";

export interface SchoolHealth {
  results: HealthResult[];
  checkedAt: string;
}

/**
 * The admin's «Состояние школы»: the checks that read the running school without changing it, with
 * the server's own settings. The secret key reads only the catalog's privileges and the notification
 * queue's ages (no one's personal data); without it those two say so instead.
 */
export async function getSchoolHealth(): Promise<SchoolHealth> {
  const settings = healthSettings(process.env);
  const service = settings.secretKey ? createServiceClient() : null;
  return { results: await runRuntimeChecks(settings, service, EXPECTED_GRANTS), checkedAt: new Date().toISOString() };
}
