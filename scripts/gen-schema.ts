import { GenerateError, type MigratedDatabase } from "./gen-database";

/**
 * supabase/schema/<domain>.sql: pg_dump's view of the migrated database, regrouped for a reader and
 * split by domain. Each table comes with its constraints (folded into CREATE TABLE), indexes,
 * triggers, row level security, policies and grants; then the domain's functions, each with its
 * comment and grants. Everything is sorted by name, so a file changes only where the schema does.
 * pg_dump's header, SET lines and `OWNER TO postgres` statements are left out.
 *
 * DOMAINS below places every type, table and function of schema public, and every object the
 * migrations add outside it (triggers on auth.users, policies on storage.objects), in one file by
 * name. There is no catch-all file: an object DOMAINS does not place, or places twice, fails
 * `npm run gen-types` with its name, so a migration that adds or renames an object also says here
 * which domain it belongs to (a name the schema no longer has is only warned about).
 */

export interface Domain {
  /** supabase/schema/<file>.sql */
  file: string;
  /** The file's header: what the domain is. */
  about: string;
  types?: string[];
  /** Tables and views, with everything that hangs on them (triggers and policies included). */
  tables?: string[];
  /** Functions by name; every overload goes with its name. */
  functions?: string[];
  /** Objects outside schema public, as "<schema>.<pg_dump's name>" (for a trigger or policy: "<table> <name>"). */
  outside?: string[];
  /** Only platform: who may use schema public, and what new objects grant by default. */
  schemaWide?: boolean;
}

export const DOMAINS: Domain[] = [
  {
    file: "access",
    about:
      "Access: who may open which module, tool and lesson, and why (access_verdicts states the rule). Personal records (module_access, tool_access, " +
      "lesson_access), groups with their members, curators and grants, the functions that decide the effective " +
      "flags (access_records_as_school, effective_access_of, viewer_access_ids, hidden_item_ids, effective_item, decide_can_open_lesson; effective_access_as_school " +
      "for the school's own questions, which checks no caller), " +
      "the stop-lessons that hold what follows them (lesson_holds, held_lesson_ids) and who may ask about whom.",
    types: ["membership_source"],
    tables: [
      "current_group_members",
      "group_curators",
      "group_lesson_access",
      "group_members",
      "group_module_access",
      "group_tool_access",
      "groups",
      "lesson_access",
      "module_access",
      "tool_access",
    ],
    functions: [
      "access_records_as_school",
      "access_verdicts",
      "add_group_members",
      "can_open_lesson",
      "decide_can_open_lesson",
      "effective_access",
      "effective_access_as_school",
      "effective_access_of",
      "effective_item",
      "end_memberships",
      "forget_kept_access",
      "grant_membership",
      "group_page",
      "groups_overview",
      "held_lesson_ids",
      "hidden_item_ids",
      "kept_access_stamp",
      "lesson_holds",
      "may_ask_about",
      "named_memberships",
      "published_lessons",
      "stamp_unlocked_at",
      "student_access",
      "tool_hidden_from",
      "track_access",
      "viewer_access_ids",
      "visible_lessons",
    ],
  },
  {
    file: "content",
    about:
      "Content: the course's modules, the tools (tech_tools) with their blocks (modules) and lessons, lesson " +
      "materials, each student's progress through the lessons, and the page functions the student's screens read " +
      "(dashboard_page, tools_page, tool_page, lesson_page, course_modules_page, course_module_page, course_lesson_page).",
    tables: ["course_modules", "lesson_attachments", "lesson_progress", "lessons", "modules", "tech_tools", "tool_former_names"],
    functions: [
      "content_lesson_counts",
      "course_lesson_page",
      "course_module_page",
      "course_modules_page",
      "dashboard_page",
      "deletion_impact",
      "lesson_content",
      "lesson_content_for",
      "lesson_list",
      "lesson_materials",
      "lesson_materials_for",
      "lesson_outline",
      "lesson_page",
      "lesson_reference",
      "material_lesson_id",
      "pass_lesson",
      "place_last",
      "progress_summary",
      "record_lesson_material",
      "record_lesson_opened",
      "remember_former_tool_name",
      "reorder_content",
      "reorder_lesson_attachments",
      "set_lesson_completed",
      "tool_page",
      "tools_page",
      "track_progress",
    ],
    outside: [
      "storage.objects Admins delete material files no lesson lists",
      "storage.objects Admins upload material files",
      "storage.objects Reviewers read lesson material files",
      "storage.objects Who may open a lesson reads its material files",
    ],
  },
  {
    file: "homework",
    about:
      "Homework: a lesson's assignment, the works students hand in with their files and comments, and reviewing " +
      "them (who may review whom, the queue, claims, decisions).",
    types: ["submission_status"],
    tables: ["assignments", "homework_file_checks", "submission_comments", "submission_files", "submissions"],
    functions: [
      "claim_minutes",
      "claim_submission",
      "homework_for",
      "homework_owner_id",
      "homework_summary",
      "mark_superseded_attempts",
      "may_review",
      "may_upload_homework",
      "record_homework_file_check",
      "release_submission",
      "review_page",
      "review_queue",
      "review_submission",
      "reviewed_student_ids",
      "submit_homework",
    ],
    outside: [
      "storage.objects Admins remove homework files",
      "storage.objects Students read their homework files, reviewers their students'",
      "storage.objects Students remove their own files not yet handed in",
      "storage.objects Students upload their own homework files",
    ],
  },
  {
    file: "quizzes",
    about:
      "Quizzes: a lesson's questions graded by the database (submit_quiz), the students' attempts, what a student " +
      "reads of a quiz (quiz_for: never the key), the studio's editor and the questions' analytics.",
    types: ["quiz_question_kind"],
    tables: ["quiz_attempts", "quiz_questions", "quizzes"],
    functions: [
      "grade_quiz_answer",
      "move_quiz_question",
      "quiz_analytics",
      "quiz_editor",
      "quiz_for",
      "quiz_key_is_valid",
      "quiz_normal_text",
      "quiz_number",
      "submit_quiz",
    ],
  },
  {
    file: "notifications",
    about:
      "Notifications: what happened to whom (notifications, made by triggers and the worker's minute), one " +
      "delivery per channel the person wants (e-mail, Telegram), the worker's claims and outcomes, Telegram links " +
      "and e-mail unsubscribe links.",
    types: ["delivery_status", "notification_channel", "notification_kind"],
    tables: [
      "email_unsubscribe_tokens",
      "notification_deliveries",
      "notification_preferences",
      "notification_scan",
      "notifications",
      "notified_openings",
      "telegram_link_tokens",
      "telegram_links",
    ],
    functions: [
      "channel_wanted",
      "claim_deliveries",
      "create_telegram_link_token",
      "delivery_overview",
      "email_unsubscribe_token",
      "finish_delivery",
      "link_telegram",
      "mark_notifications_read",
      "notification_health",
      "notify_access_opened",
      "notify_homework_decision",
      "notify_joined_group",
      "notify_openings",
      "notify_review_waiting",
      "notify_scheduled_openings",
      "notify_welcome",
      "plan_deliveries",
      "retry_delivery",
      "unlink_telegram_chat",
      "unlink_telegram_on_new_password",
      "unread_notification_count",
      "unsubscribe_email",
      "unsubscribe_target",
    ],
    outside: ["auth.users on_auth_user_password_changed"],
  },
  {
    file: "analytics",
    about:
      "Analytics: students' activity by day, kept in monthly rows with day bitmasks (student_activity_*) that " +
      "lesson progress and hand-ins keep up to date, and the panels' figures (activity, at risk, funnel, homework).",
    tables: ["student_activity_lessons", "student_activity_months", "student_activity_track_months"],
    functions: [
      "analytics_activity",
      "analytics_at_risk",
      "analytics_funnel",
      "analytics_homework",
      "analytics_lessons",
      "analytics_students",
      "forget_student_completion",
      "lesson_progress_note_activity",
      "lessons_recount_activity_months",
      "note_student_activity",
      "rebuild_student_activity",
      "recount_student_activity",
      "recount_student_activity_months",
      "stamp_last_activity",
      "student_activity_months_from_tracks",
      "submissions_note_activity",
      "tally_student_activity_track_months",
    ],
  },
  {
    file: "auth-and-consent",
    about:
      "Accounts, roles and consent: profiles, roles (student, curator, admin) and the checks on them, privacy " +
      "consents, the hooks Supabase Auth calls (sign-up, access token, password tries), the sign-in limit and " +
      "proving an address or an address change.",
    types: ["app_role"],
    tables: ["auth_attempts", "auth_sign_in_passes", "email_change_proofs", "email_proof_tokens", "privacy_consents", "profiles", "user_roles"],
    functions: [
      "before_user_created_hook",
      "clean_full_name",
      "clear_auth_attempts",
      "count_sign_in_attempt",
      "current_privacy_policy_version",
      "custom_access_token_hook",
      "derive_profile_role",
      "email_change_is_proven",
      "email_change_state",
      "handle_new_user",
      "has_role",
      "highest_role",
      "hold_email_change",
      "hold_full_name",
      "holds_any_role",
      "is_admin",
      "is_reviewer",
      "issue_email_proof",
      "keep_an_admin",
      "password_verification_attempt_hook",
      "prove_email",
      "prove_email_change",
      "role_holders",
      "sign_in_attempt_key",
      "sync_profile_email",
      "sync_profile_role",
      "take_auth_attempt",
      "take_sign_in_attempt",
      "user_is_admin",
    ],
    outside: ["auth.users on_auth_user_created", "auth.users on_auth_user_email_change_held", "auth.users on_auth_user_email_changed"],
  },
  {
    file: "selling",
    about:
      "Selling: the offers the school sells (each a group's membership for some days), promo codes, orders with " +
      "their events, and what a payment, a manual payment or a refund does to an order and to access " +
      "(place_order, settle_order_payment, open_paid_order, record_order_refund). Amounts are kopecks.",
    types: ["order_status"],
    tables: ["offers", "order_events", "orders", "promo_codes"],
    functions: ["attach_order_payment", "buyer_order", "mark_order_paid", "offer_price", "offer_program", "open_paid_order", "orders_page", "place_order", "promo_codes_overview", "record_order_refund", "remind_unpaid_orders", "revenue_by_day", "settle_order_payment"],
  },
  {
    file: "certificates",
    about:
      "Certificates: the per-track switch (track_settings; tools and course modules carry their own), the " +
      "certificates issued when a student has passed every lesson they may see of a tool, module or track " +
      "(issue_due_certificates, called by pass_lesson), their public verification (certificate_check) and what " +
      "students and admins do with them (share, revoke, reissue).",
    tables: ["certificates", "track_settings"],
    functions: [
      "certificate_check",
      "certificate_holder_name",
      "certificates_overview",
      "issue_due_certificates",
      "new_certificate_code",
      "reissue_certificate",
      "revoke_certificate",
      "share_certificate",
    ],
  },
  {
    file: "platform",
    about:
      "Platform: who may use schema public and what new objects grant by default, what each Data API role may do " +
      "(api_privileges, for the grants test and «Состояние школы»), and helpers every domain uses.",
    schemaWide: true,
    functions: ["api_privileges", "file_type_of_name", "touch_updated_at"],
  },
];

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

export interface SchemaFile {
  /** supabase/schema/<domain>.sql */
  path: string;
  text: string;
}

export const SCHEMA_DIR = "supabase/schema";

export function schemaFiles(
  publicDump: string,
  outside: { before: string; after: string },
  routineNames: Map<string, string>,
  major: number,
): SchemaFile[] {
  const entries = parseDump(publicDump).filter(
    (entry) => !(entry.type === "SCHEMA" && entry.name === "public") && !(entry.type === "COMMENT" && entry.name === "SCHEMA public"),
  );
  const relations = entries.filter((entry) => RELATIONS.has(entry.type)).sort(byName);
  const relationNames = relations.map((entry) => entry.name);
  const routines = entries.filter((entry) => ROUTINES.has(entry.type)).sort(byName);
  const types = entries.filter((entry) => TYPES.has(entry.type)).sort(byName);
  // An identity column's sequence is stated as ALTER TABLE … SEQUENCE NAME public.<sequence>; its grants go with the table.
  const sequenceTables = new Map<string, string>();
  for (const entry of entries) {
    const identity = /^ALTER TABLE (?:ONLY )?public\.("(?:[^"]|"")+"|\S+) [\s\S]*?\bSEQUENCE NAME public\.("(?:[^"]|"")+"|\S+)/.exec(entry.sql);
    if (entry.type === "SEQUENCE" && identity) sequenceTables.set(unquote(identity[2]), unquote(identity[1]));
  }

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
      if (kind === "SEQUENCE") return sequenceTables.has(unquote(name)) ? `relation:${sequenceTables.get(unquote(name))}` : null;
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
  const unowned = loose.filter((entry) => !schemaWide.includes(entry));
  const added = addedOutsidePublic(outside.before, outside.after);

  // Which domain each object is in, and what DOMAINS gets wrong.
  const problems: string[] = [];
  const domainOf = new Map<string, Domain>();
  for (const domain of DOMAINS) {
    const keys = [
      ...(domain.types ?? []).map((name) => `type:${name}`),
      ...(domain.tables ?? []).map((name) => `relation:${name}`),
      ...(domain.functions ?? []).map((name) => `routine:${name}`),
      ...(domain.outside ?? []).map((name) => `outside:${name}`),
    ];
    for (const key of keys) {
      const earlier = domainOf.get(key);
      if (earlier) problems.push(`${describe(key)} is placed in both ${earlier.file} and ${domain.file}`);
      else domainOf.set(key, domain);
    }
  }
  const routineName = (entry: Entry) => entry.name.slice(0, entry.name.indexOf("("));
  const keyOf = new Map<Entry, string>([
    ...types.map((entry) => [entry, `type:${entry.name}`] as const),
    ...relations.map((entry) => [entry, `relation:${entry.name}`] as const),
    ...routines.map((entry) => [entry, `routine:${routineName(entry)}`] as const),
    ...added.map((entry) => [entry, `outside:${entry.schema}.${entry.name}`] as const),
  ]);
  const present = new Set(keyOf.values());
  for (const key of new Set(keyOf.values())) if (!domainOf.has(key)) problems.push(`${describe(key)} is in no domain`);
  for (const key of domainOf.keys()) {
    if (!present.has(key)) console.warn(`! scripts/gen-schema.ts's DOMAINS places ${describe(key)} in ${domainOf.get(key)!.file}, and the schema has no such object: remove the name.`);
  }
  for (const entry of unowned) problems.push(`${entry.type} ${entry.name} belongs to no table, type or function, so to no domain`);
  if (problems.length) {
    throw new GenerateError(
      `scripts/gen-schema.ts's DOMAINS must place every object of the schema in exactly one supabase/schema/<domain>.sql:\n` +
        problems.map((problem) => `    ${problem}\n`).join("") +
        "  Add each new object's name to the domain it belongs to (or a new domain), and remove the names of objects a migration dropped.",
    );
  }
  const inDomain = <T extends Entry>(domain: Domain, items: T[]) => items.filter((entry) => domainOf.get(keyOf.get(entry)!) === domain);

  return DOMAINS.map((domain) => {
    const tableBlocks = inDomain(domain, relations).map((relation) => {
      const own = partsOf(`relation:${relation.name}`);
      const constraints = own.filter((entry) => entry.type === "CONSTRAINT" || entry.type === "FK CONSTRAINT");
      constraints.sort((a, b) => Number(a.type === "FK CONSTRAINT") - Number(b.type === "FK CONSTRAINT") || byName(a, b));
      const folded = foldConstraints(relation, constraints);
      const rest = own.filter((entry) => !constraints.includes(entry));
      return `-- ${relation.type === "TABLE" ? "Table" : relation.type.toLowerCase()} ${relation.name}\n\n${block([folded.table, ...folded.rest, ...rest])}`;
    });
    const sections = [
      section("Who may use schema public, and what new objects grant by default", domain.schemaWide ? block(schemaWide) : ""),
      section("Types", inDomain(domain, types).map((type) => block([type, ...partsOf(`type:${type.name}`)])).join("\n\n")),
      section("Tables", tableBlocks.join("\n\n\n")),
      section("Functions", inDomain(domain, routines).map((routine) => block([routine, ...partsOf(`routine:${routine.name}`)])).join("\n\n\n")),
      section("What the migrations add outside schema public", block(inDomain(domain, added))),
    ].filter(Boolean);
    const text = `${wrap(domain.about).join("\n")}
--
-- The database as supabase/migrations leave it, as pg_dump (PostgreSQL ${major}) prints it for a
-- hosted-style Supabase project with every migration applied, regrouped for reading; each domain
-- has a file of its own in ${SCHEMA_DIR}/ (scripts/gen-schema.ts's DOMAINS says which).
-- Generated by \`npm run gen-types\`; do not edit. To change the schema, add a migration.
-- Everything belongs to postgres unless an OWNER TO says otherwise.

${sections.join("\n\n\n")}
`;
    return { path: `${SCHEMA_DIR}/${domain.file}.sql`, text };
  });
}

function describe(key: string): string {
  const [kind, name] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  return { type: "type", relation: "table", routine: "function", outside: "outside schema public:" }[kind] + " " + name;
}

/** The header's sentence as comment lines of at most 100 characters. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = "--";
  for (const word of text.split(" ")) {
    if (line.length + 1 + word.length > 100 && line !== "--") {
      lines.push(line);
      line = "--";
    }
    line += ` ${word}`;
  }
  return [...lines, line];
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

export async function databaseSchema(db: MigratedDatabase): Promise<SchemaFile[]> {
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
  return schemaFiles(db.dump(["--schema=public"]), { before: db.beforeMigrations, after: db.dump(["--exclude-schema=public"]) }, names, db.major);
}

/**
 * Every function in public says what it answers or does, who calls it and why any planner setting,
 * kept answer or bitmask is there, in a COMMENT ON FUNCTION: the functions with none, as
 * public.name(identity arguments). Functions an extension brings are left out.
 */
export async function functionsWithoutComment(db: MigratedDatabase): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select format('public.%I(%s)', p.proname, pg_get_function_identity_arguments(p.oid)) as name
     from pg_proc p
     where p.pronamespace = 'public'::regnamespace
       and coalesce(obj_description(p.oid, 'pg_proc'), '') !~ '\\S'
       and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
     order by 1`,
  );
  return rows.map((row) => row.name);
}
