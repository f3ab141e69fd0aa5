import "server-only";
import { createDataClient } from "@/lib/supabase/server";
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
 * the server's own settings, read with the admin's own session (never the secret key).
 */
export async function getSchoolHealth(): Promise<SchoolHealth> {
  const admin = await createDataClient();
  return { results: await runRuntimeChecks(healthSettings(process.env), admin, EXPECTED_GRANTS), checkedAt: new Date().toISOString() };
}
