import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { GenerateError, withMigratedDatabase } from "./gen-database";
import { hashMigrations, LOCK_PATH, parseLock, reviewLock } from "./gen-lock";
import { databaseSchema, functionsWithoutComment, SCHEMA_DIR, type SchemaFile } from "./gen-schema";
import { formatApiGrants, grantsByObject, type ApiPrivilege } from "../lib/domain/api-grants";
import { databaseTypes } from "./gen-typescript";

/**
 * `npm run gen-types`: applies supabase/migrations to a throwaway PostgreSQL set up as hosted
 * Supabase is, then writes lib/database.types.ts (as `supabase gen types typescript` would),
 * supabase/schema/<domain>.sql (what the database is now, for reading, one file per domain as
 * scripts/gen-schema.ts's DOMAINS places each object), supabase/api-grants.json (what each Data API
 * role may do, public.api_privileges()) and supabase/migrations.lock (each migration's SHA-256, so a
 * landed migration never changes). It fails, writing nothing, when an object of the schema is in no
 * domain or a function in public has no COMMENT ON FUNCTION. `--check` writes nothing and fails when a
 * generated file is out of date (a schema file missing, changed or left over included) or a landed
 * migration changed.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const TYPES_PATH = "lib/database.types.ts";
/** Where the schema was one file, before it was split by domain: gen-types deletes it. */
const OLD_SCHEMA_PATH = "supabase/schema.sql";
const GRANTS_PATH = "supabase/api-grants.json";
const check = process.argv.includes("--check");
const TRIGGERS_DOC = "docs/triggers.md";

interface Trigger {
  name: string;
  table_name: string;
  function_name: string;
}
const read = (file: string) => readFile(path.join(ROOT, file), "utf8").catch(() => "");

function fail(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

const migrationsDir = path.join(ROOT, "supabase/migrations");
const names = (await readdir(migrationsDir)).filter((name) => name.endsWith(".sql")).sort();
const migrations = await hashMigrations(migrationsDir, names);
const lockOnDisk = await read(LOCK_PATH);
let review: ReturnType<typeof reviewLock>;
try {
  review = reviewLock(ROOT, lockOnDisk, migrations);
} catch (error) {
  fail((error as Error).message);
}
if (review.violations.length) {
  fail(
    `Landed migrations never change, and ${LOCK_PATH} as committed says these did:\n` +
      review.violations.map((violation) => `    ${violation}\n`).join("") +
      "  A database that already ran a migration never runs it again, so an edit would reach only new databases.\n" +
      "  Restore the file as committed (git checkout HEAD -- supabase/migrations/<file>) and add a new migration instead.",
  );
}
for (const name of review.outOfOrder) {
  console.warn(`! ${name} sorts before a landed migration: databases that ran that one will apply it out of order; give it a later timestamp.`);
}

let generated: { types: string; schema: SchemaFile[]; grants: string; major: number; uncommented: string[]; triggers: Trigger[] };
try {
  generated = await withMigratedDatabase(
    names.map((name) => path.join(migrationsDir, name)),
    async (db) => ({
      types: await databaseTypes(db.query),
      schema: await databaseSchema(db),
      grants: formatApiGrants(grantsByObject(await db.query<ApiPrivilege>(`select * from public.api_privileges()`))),
      major: db.major,
      uncommented: await functionsWithoutComment(db),
      triggers: await db.query<Trigger>(
        // The school's triggers: those whose function is its own (Storage's own triggers are not).
        `select t.tgname as name, c.relnamespace::regnamespace::text || '.' || c.relname as table_name, p.proname as function_name
         from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
         where not t.tgisinternal and p.pronamespace = 'public'::regnamespace
         order by 1`,
      ),
    }),
  );
} catch (error) {
  if (error instanceof GenerateError) fail(error.message);
  throw error;
}

if (generated.uncommented.length) {
  fail(
    `Every function in schema public says what it answers in a COMMENT ON FUNCTION, and these have none:\n` +
      generated.uncommented.map((name) => `    ${name}\n`).join("") +
      "  Add `COMMENT ON FUNCTION <name>(<arguments>) IS '…'` to the migration that creates it: what it answers or does, who calls it,\n" +
      "  and why any planner setting, offset 0, bitmask or answer kept in a transaction setting is there.",
  );
}

// docs/triggers.md lists every trigger: a line naming its function and its table (public's without
// the schema), each in backticks.
const triggersPage = await read(TRIGGERS_DOC);
const undocumented = generated.triggers.filter((trigger) => {
  const table = trigger.table_name.replace(/^public\./, "");
  return !triggersPage.split("\n").some((line) => line.includes(`\`${trigger.function_name}\``) && line.includes(`\`${table}\``));
});
if (undocumented.length) {
  fail(
    `${TRIGGERS_DOC} lists every trigger (a table row naming its function and its table), and these are missing:\n` +
      undocumented.map((trigger) => `    ${trigger.name} on ${trigger.table_name} (${trigger.function_name})\n`).join("") +
      "  Add each to the page: what it does, and why it is a trigger.",
  );
}

const outputs = [
  { file: TYPES_PATH, text: generated.types },
  ...generated.schema.map((schema) => ({ file: schema.path, text: schema.text })),
  { file: GRANTS_PATH, text: generated.grants },
];
const schemaPaths = new Set(generated.schema.map((schema) => schema.path));
/** Schema files no domain writes any more (a domain renamed or removed), and the one-file schema of before. */
const leftovers = [
  ...(await readdir(path.join(ROOT, SCHEMA_DIR)).catch(() => []))
    .map((name) => `${SCHEMA_DIR}/${name}`)
    .filter((file) => !schemaPaths.has(file)),
  ...((await read(OLD_SCHEMA_PATH)) ? [OLD_SCHEMA_PATH] : []),
];

if (check) {
  const stale = [];
  for (const output of outputs) if ((await read(output.file)) !== output.text) stale.push(output.file);
  if (stale.length || leftovers.length) {
    const staleSchema = stale.find((file) => schemaPaths.has(file));
    const recorded = staleSchema && /\(PostgreSQL (\d+)\)/.exec(await read(staleSchema))?.[1];
    const versions =
      recorded && Number(recorded) !== generated.major
        ? `\n  (${staleSchema} was written with PostgreSQL ${recorded}'s pg_dump and this machine has ${generated.major}: part of the difference may be how each prints SQL.)`
        : "";
    const problems = [
      ...(stale.length ? [`${stale.join(", ")} ${stale.length > 1 ? "are" : "is"} out of date`] : []),
      ...(leftovers.length ? [`${leftovers.join(", ")} ${leftovers.length > 1 ? "are" : "is"} no longer generated`] : []),
    ];
    fail(`${problems.join("; ")}: run \`npm run gen-types\` and commit the result.${versions}`);
  }
  const recordedHashes = new Map(parseLock(lockOnDisk).map((entry) => [entry.name, entry.sha256]));
  const unrecorded = migrations.filter((m) => recordedHashes.get(m.name) !== m.sha256).map((m) => m.name);
  if (unrecorded.length) console.log(`${LOCK_PATH} does not record ${unrecorded.join(", ")} yet: \`npm run gen-types\` does.`);
  console.log(`${TYPES_PATH}, ${SCHEMA_DIR}/*.sql and ${GRANTS_PATH} match the migrations; no landed migration changed.`);
} else {
  await mkdir(path.join(ROOT, SCHEMA_DIR), { recursive: true });
  for (const output of [...outputs, { file: LOCK_PATH, text: review.lock }]) {
    if ((await read(output.file)) === output.text) {
      console.log(`${output.file} is up to date`);
    } else {
      await writeFile(path.join(ROOT, output.file), output.text);
      console.log(`wrote ${output.file}`);
    }
  }
  for (const file of leftovers) {
    await rm(path.join(ROOT, file));
    console.log(`deleted ${file}, which no domain writes`);
  }
}
