import { seededSnapshot } from "@/local-backend/database";
import { postgresBackendTemplate } from "@/local-backend/tests/harness";
import { hostedDatabaseTemplate, postgresBinDir } from "@/tests/postgres/cluster";

/**
 * Builds, once and side by side, what the workers start their databases from: the seeded PGlite
 * snapshot, and the template clusters of the PostgreSQL suites (tests/postgres/cluster.ts).
 */
export default async function setup() {
  const binDir = postgresBinDir();
  await Promise.all([seededSnapshot(), ...(binDir ? [postgresBackendTemplate(binDir), hostedDatabaseTemplate(binDir)] : [])]);
}
