import type { MigratedDatabase } from "./gen-database";

/**
 * supabase/schema.sql: pg_dump's view of the migrated database, regrouped for a reader. Each table
 * comes with its constraints (folded into CREATE TABLE), indexes, triggers, row level security,
 * policies and grants; then the functions, each with its grants. Everything is sorted by name, so
 * the file changes only where the schema does. pg_dump's header, SET lines and `OWNER TO postgres`
 * statements are left out.
 */

interface Entry {
  name: string;
  type: string;
  schema: string;
  sql: string;
}

const ENTRY_HEADER = /^--\n-- Name: (.*); Type: ([A-Z ]+); Schema: ([^;\n]*)(?:; Owner: [^;\n]*)?(?:; Tablespace: [^\n]*)?\n--\n/gm;
const DUMP_END = "\n--\n-- PostgreSQL database dump complete\n--";

export function parseDump(dump: string): Entry[] {
  const end = dump.indexOf(DUMP_END);
  const body = end === -1 ? dump : dump.slice(0, end + 1);
  const headers = [...body.matchAll(ENTRY_HEADER)];
  return headers.map((header, index) => {
    const start = header.index + header[0].length;
    const stop = index + 1 < headers.length ? headers[index + 1].index : body.length;
    // pg_dump's session settings stand between entries, and the owner ends an object's entry.
    const sql = body
      .slice(start, stop)
      .trim()
      .replace(/^((SET \w+ = .*|SELECT pg_catalog\.set_config\(.*\));\n+)+/, "")
      .replace(/(\n+(SET \w+ = .*|SELECT pg_catalog\.set_config\(.*\));)+$/, "")
      .replace(/\n+ALTER [A-Z ]+ .+ OWNER TO postgres;$/, "");
    return { name: header[1], type: header[2], schema: header[3], sql: sortGrants(sql) };
  });
}

/** A privilege's GRANT lines come in the order the grants were made; sorted, they do not depend on history. */
function sortGrants(sql: string): string {
  const lines = sql.split("\n");
  if (!lines.every((line) => /^(GRANT|REVOKE) /.test(line))) return sql;
  return [...lines.filter((line) => line.startsWith("REVOKE")), ...lines.filter((line) => line.startsWith("GRANT")).sort()].join("\n");
}

const RELATIONS = new Set(["TABLE", "VIEW", "MATERIALIZED VIEW", "FOREIGN TABLE"]);
const ROUTINES = new Set(["FUNCTION", "PROCEDURE", "AGGREGATE"]);
const TYPES = new Set(["TYPE", "DOMAIN"]);
/** How a table's parts follow it. */
const TABLE_PART_ORDER = ["COMMENT", "DEFAULT", "SEQUENCE", "INDEX", "TRIGGER", "RULE", "ROW SECURITY", "POLICY", "ACL"];
const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name);
const byName = (a: Entry, b: Entry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Adds `CONSTRAINT …` lines to the CREATE TABLE statement, where the migrations wrote them. */
function foldConstraints(table: Entry, constraints: Entry[]): { table: Entry; rest: Entry[] } {
  let sql = table.sql;
  const rest: Entry[] = [];
  for (const constraint of constraints) {
    const match = /^ALTER TABLE ONLY \S+\n {4}ADD (CONSTRAINT .+);$/s.exec(constraint.sql);
    const close = sql.lastIndexOf("\n)");
    if (!match || match[1].endsWith(" NOT VALID") || close === -1) {
      rest.push(constraint);
      continue;
    }
    const separator = sql[close - 1] === "(" ? "" : ",";
    sql = `${sql.slice(0, close)}${separator}\n    ${match[1]}${sql.slice(close)}`;
  }
  return { table: { ...table, sql }, rest };
}

export function schemaSql(
  publicDump: string,
  outside: { before: string; after: string },
  routineNames: Map<string, string>,
  major: number,
): string {
  const entries = parseDump(publicDump).filter(
    (entry) => !(entry.type === "SCHEMA" && entry.name === "public") && !(entry.type === "COMMENT" && entry.name === "SCHEMA public"),
  );
  const relations = entries.filter((entry) => RELATIONS.has(entry.type)).sort(byName);
  const relationNames = relations.map((entry) => entry.name);
  const routines = entries.filter((entry) => ROUTINES.has(entry.type)).sort(byName);
  const types = entries.filter((entry) => TYPES.has(entry.type)).sort(byName);

  /** The object an entry belongs to, as "relation:name", "routine:name" or "type:name". */
  function ownerOf(entry: Entry): string | null {
    const relationFrom = (name: string, separator: string) => relationNames.find((table) => name.startsWith(table + separator));
    if (["CONSTRAINT", "FK CONSTRAINT", "CHECK CONSTRAINT", "TRIGGER", "POLICY", "DEFAULT", "RULE"].includes(entry.type)) {
      const table = relationFrom(entry.name, " ");
      return table ? `relation:${table}` : null;
    }
    if (entry.type === "ROW SECURITY") return `relation:${entry.name}`;
    if (entry.type === "INDEX") {
      const match = /\bON (?:ONLY )?public\.("(?:[^"]|"")+"|[^\s(]+)/.exec(entry.sql);
      return match ? `relation:${unquote(match[1])}` : null;
    }
    if (entry.type === "ACL" || entry.type === "COMMENT" || entry.type === "SECURITY LABEL") {
      const [, kind, name] = /^(MATERIALIZED VIEW|FOREIGN TABLE|[A-Z]+) (.*)$/.exec(entry.name) ?? [];
      if (kind === "COLUMN") {
        const table = relationFrom(name, ".");
        return table ? `relation:${table}` : null;
      }
      if (RELATIONS.has(kind)) return `relation:${name}`;
      if (ROUTINES.has(kind)) return routineNames.has(name) ? `routine:${routineNames.get(name)}` : null;
      if (TYPES.has(kind)) return `type:${name}`;
      return null;
    }
    // An identity column's sequence, and anything else stated as ALTER TABLE.
    const altered = /^ALTER TABLE (?:ONLY )?public\.("(?:[^"]|"")+"|\S+)/.exec(entry.sql);
    return altered && relationNames.includes(unquote(altered[1])) ? `relation:${unquote(altered[1])}` : null;
  }

  const parts = new Map<string, Entry[]>();
  const loose: Entry[] = [];
  for (const entry of entries) {
    if (RELATIONS.has(entry.type) || ROUTINES.has(entry.type) || TYPES.has(entry.type)) continue;
    const owner = ownerOf(entry);
    if (owner) parts.set(owner, [...(parts.get(owner) ?? []), entry]);
    else loose.push(entry);
  }
  const partsOf = (key: string) => {
    const rank = (entry: Entry) => (entry.name.startsWith("COLUMN ") ? 0.5 : 0) + TABLE_PART_ORDER.indexOf(entry.type);
    return (parts.get(key) ?? []).sort((a, b) => rank(a) - rank(b) || byName(a, b));
  };
  // Grants read as one list: a table's, then its columns'.
  const block = (items: Entry[]) =>
    items.map((entry, index) => (index === 0 ? "" : entry.type === "ACL" && items[index - 1].type === "ACL" ? "\n" : "\n\n") + entry.sql).join("");

  const schemaWide = loose
    .filter((entry) => entry.name === "SCHEMA public" || entry.type === "DEFAULT ACL")
    .sort((a, b) => Number(a.type === "DEFAULT ACL") - Number(b.type === "DEFAULT ACL") || byName(a, b));
  const other = loose.filter((entry) => !schemaWide.includes(entry)).sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : byName(a, b)));

  const tableBlocks = relations.map((relation) => {
    const own = partsOf(`relation:${relation.name}`);
    const constraints = own.filter((entry) => entry.type === "CONSTRAINT" || entry.type === "FK CONSTRAINT");
    constraints.sort((a, b) => Number(a.type === "FK CONSTRAINT") - Number(b.type === "FK CONSTRAINT") || byName(a, b));
    const folded = foldConstraints(relation, constraints);
    const rest = own.filter((entry) => !constraints.includes(entry));
    return `-- ${relation.type === "TABLE" ? "Table" : relation.type.toLowerCase()} ${relation.name}\n\n${block([folded.table, ...folded.rest, ...rest])}`;
  });

  const sections = [
    section("Who may use schema public, and what new objects grant by default", block(schemaWide)),
    section("Types", types.map((type) => block([type, ...partsOf(`type:${type.name}`)])).join("\n\n")),
    section("Tables", tableBlocks.join("\n\n\n")),
    section("Functions", routines.map((routine) => block([routine, ...partsOf(`routine:${routine.name}`)])).join("\n\n\n")),
    section("Other objects", block(other)),
    section("What the migrations add outside schema public", block(addedOutsidePublic(outside.before, outside.after))),
  ].filter(Boolean);

  return `-- The database as supabase/migrations leave it: schema public, as pg_dump (PostgreSQL ${major})
-- prints it for a hosted-style Supabase project with every migration applied, regrouped for reading.
-- Generated by \`npm run gen-types\`; do not edit. To change the schema, add a migration.
-- Everything belongs to postgres unless an OWNER TO says otherwise.

${sections.join("\n\n\n")}
`;
}

function section(title: string, body: string): string {
  return body ? `-- ${"=".repeat(96)}\n-- ${title}\n-- ${"=".repeat(96)}\n\n${body}` : "";
}

/** Entries of the dumps of every schema but public that the migrations created or changed (e.g. a trigger on auth.users). */
function addedOutsidePublic(before: string, after: string): Entry[] {
  const key = (entry: Entry) => JSON.stringify([entry.type, entry.schema, entry.name, entry.sql]);
  const existing = new Set(parseDump(before).map(key));
  return parseDump(after)
    .filter((entry) => !existing.has(key(entry)))
    .sort((a, b) => (a.schema < b.schema ? -1 : a.schema > b.schema ? 1 : byName(a, b)));
}

export async function databaseSchema(db: MigratedDatabase): Promise<string> {
  // ACL and COMMENT entries name a routine by its identity arguments; its own entry by argument
  // types; both with pg_dump's empty search_path, so every type is schema-qualified.
  await db.query("begin");
  await db.query("set local search_path = ''");
  const rows = await db.query<{ acl: string; toc: string }>(
    `select quote_ident(p.proname) || '(' || pg_get_function_identity_arguments(p.oid) || ')' as acl,
            p.proname || '(' || coalesce((select string_agg(format_type(t, null), ', ' order by i)
                                          from unnest(p.proargtypes) with ordinality as a(t, i)), '') || ')' as toc
     from pg_proc p where p.pronamespace = 'public'::regnamespace`,
  );
  await db.query("commit");
  const names = new Map(rows.map((row) => [row.acl, row.toc]));
  return schemaSql(db.dump(["--schema=public"]), { before: db.beforeMigrations, after: db.dump(["--exclude-schema=public"]) }, names, db.major);
}
