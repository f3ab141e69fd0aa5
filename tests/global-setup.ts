import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { seededSnapshot } from "@/local-backend/database";
import { postgresBackendTemplate } from "@/local-backend/tests/harness";
import { hostedDatabaseTemplate, postgresBinDir } from "@/tests/postgres/cluster";

/**
 * Builds, side by side before the workers start, what they start their databases from: the seeded
 * PGlite snapshot (kept between runs), and this run's template clusters for the PostgreSQL suites
 * (tests/postgres/cluster.ts, templateCluster), removed after it.
 */
export default async function setup() {
  const templates = mkdtempSync(path.join(os.tmpdir(), "hosted-postgres-templates-"));
  process.env.HOSTED_POSTGRES_TEMPLATES = templates;
  const binDir = postgresBinDir();
  await Promise.all([seededSnapshot(), ...(binDir ? [postgresBackendTemplate(binDir), hostedDatabaseTemplate(binDir)] : [])]);
  return () => rmSync(templates, { recursive: true, force: true });
}
