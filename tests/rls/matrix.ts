import { DEMO_ACCOUNTS } from "@/local-backend/demo-accounts";

/**
 * The row level security matrix: who may read and write what, as data. It runs through
 * supabase-js against the local backend (tests/backend/rls-matrix.test.ts) and as PostgREST
 * would against a real, hosted-style Postgres (tests/postgres/migrations.test.ts).
 */

export type Actor = "anon" | "student" | "curator" | "admin";

export const ACTOR_IDS: Record<Exclude<Actor, "anon">, string> = {
  student: DEMO_ACCOUNTS.student.id,
  curator: DEMO_ACCOUNTS.curator.id,
  admin: DEMO_ACCOUNTS.admin.id,
};

/** Signed-in users without the admin's rights: a curator may do what a student may, and no more (yet). */
const LEARNERS = ["student", "curator"] as const;

/** The claims PostgREST puts in request.jwt.claims for each actor. */
export function claimsOf(actor: Actor): Record<string, string> {
  if (actor === "anon") return { role: "anon" };
  return { role: "authenticated", aud: "authenticated", sub: ACTOR_IDS[actor] };
}

/**
 * none: no rows, or refused outright; own: at least `atLeast` rows, every one the actor's;
 * all: exactly the rows the service role sees; refused: a permission error.
 */
export type Visibility = { kind: "none" } | { kind: "own"; atLeast: number } | { kind: "all" } | { kind: "refused" };

export interface ReadCase {
  actor: Actor;
  table: string;
  columns: string;
  /** `all` counts only the rows the actor may see as a learner (learnerRows). */
  scope?: "learner";
  /** The column that names a row's owner, for `own`. */
  owner?: string;
  expect: Visibility;
}

const OUTLINE = "id, tool_id, module_id, title, order_index";
/** atLeast: the seeded rows of each learner (the demo curator has a profile and a role, nothing else). */
const PER_STUDENT_TABLES = [
  { table: "profiles", owner: "id", atLeast: { student: 1, curator: 1 } },
  { table: "user_roles", owner: "user_id", atLeast: { student: 1, curator: 1 } },
  { table: "module_access", owner: "user_id", atLeast: { student: 1, curator: 0 } },
  { table: "tool_access", owner: "user_id", atLeast: { student: 1, curator: 0 } },
  { table: "lesson_access", owner: "user_id", atLeast: { student: 1, curator: 0 } },
  { table: "privacy_consents", owner: "user_id", atLeast: { student: 0, curator: 0 } },
  { table: "lesson_progress", owner: "user_id", atLeast: { student: 1, curator: 0 } },
  { table: "group_members", owner: "user_id", atLeast: { student: 1, curator: 0 } },
];

/** Cohort grants and the group list are the admin's; students learn their effect only (student_access). */
const ADMIN_ONLY_TABLES = ["group_module_access", "group_tool_access", "group_lesson_access"];
const CONTENT_TABLES = [
  { table: "course_modules", columns: "id, title" },
  { table: "tech_tools", columns: "id, name" },
  { table: "modules", columns: "id, name" },
  { table: "lessons", columns: OUTLINE },
];

/**
 * What a learner may see of a content table (the seed has drafts in every one and hides a module
 * from the student), as SQL the database owner runs beside the API.
 */
export function learnerRows(actor: (typeof LEARNERS)[number], table: string): string {
  const hidden = (kind: string) => `cast(public.hidden_item_ids('${ACTOR_IDS[actor]}', '${kind}') as uuid[])`;
  const rows: Record<string, string> = {
    course_modules: `is_published and id <> all (${hidden("module")})`,
    tech_tools: `is_published and id <> all (${hidden("tool")})`,
    modules: `is_published and tool_id in (select id from public.tech_tools where is_published and id <> all (${hidden("tool")}))`,
    lessons: `is_published and id <> all (${hidden("lesson")})
      and (tool_id is null or tool_id in (select id from public.tech_tools where is_published and id <> all (${hidden("tool")})))
      and (module_id is null or module_id in (select id from public.modules where is_published))
      and (course_module_id is null
        or course_module_id in (select id from public.course_modules where is_published and id <> all (${hidden("module")})))`,
  };
  return rows[table];
}

/** The SQL condition for the rows the service role counts as `all` for a read. */
export function rowsCounted(read: ReadCase): string {
  return read.scope && (read.actor === "student" || read.actor === "curator") ? learnerRows(read.actor, read.table) : "true";
}

export const READS: ReadCase[] = [
  ...PER_STUDENT_TABLES.flatMap(({ table, owner, atLeast }): ReadCase[] => [
    { actor: "anon", table, columns: owner, expect: { kind: "none" } },
    ...LEARNERS.map((actor): ReadCase => ({ actor, table, columns: owner, owner, expect: { kind: "own", atLeast: atLeast[actor] } })),
    { actor: "admin", table, columns: owner, expect: { kind: "all" } },
  ]),
  ...CONTENT_TABLES.flatMap(({ table, columns }): ReadCase[] => [
    { actor: "anon", table, columns, expect: { kind: "none" } },
    ...LEARNERS.map((actor): ReadCase => ({ actor, table, columns, scope: "learner", expect: { kind: "all" } })),
    { actor: "admin", table, columns, expect: { kind: "all" } },
  ]),
  ...ADMIN_ONLY_TABLES.flatMap((table): ReadCase[] => [
    { actor: "anon", table, columns: "group_id", expect: { kind: "none" } },
    ...LEARNERS.map((actor): ReadCase => ({ actor, table, columns: "group_id", expect: { kind: "none" } })),
    { actor: "admin", table, columns: "group_id", expect: { kind: "all" } },
  ]),
  { actor: "anon", table: "groups", columns: "id, name", expect: { kind: "none" } },
  // The demo curator is in no group (the student reads its own group).
  { actor: "curator", table: "groups", columns: "id, name", expect: { kind: "none" } },
  { actor: "admin", table: "groups", columns: "id, name", expect: { kind: "all" } },
  // A lesson's video and text only through lesson_content(), which checks access.
  ...LEARNERS.map((actor): ReadCase => ({ actor, table: "lessons", columns: "id, video_url", expect: { kind: "refused" } })),
  { actor: "admin", table: "lessons", columns: "id, description", expect: { kind: "refused" } },
];

export interface WriteCase {
  actor: Actor;
  table: string;
  operation: "insert" | "update" | "delete";
  values: Record<string, unknown>;
  /** For updates: equality filters. */
  match?: Record<string, string>;
  /** refused: an error or no row changed; allowed: exactly one row written. */
  expect: "refused" | "allowed";
}

const LOVABLE = "70000000-0000-4000-8000-000000000001";
const CURSOR = "70000000-0000-4000-8000-000000000002";
const FIRST_MODULE = "c0000000-0000-4000-8000-000000000001";
const DRAFT_MODULE = "c0000000-0000-4000-8000-000000000007";
const FIRST_LESSON = "d0000000-0000-4000-8000-000000000001";
const LOCKED_MODULE_LESSON = "e0000000-0000-4000-8000-000000000007";
const COHORT = "f0000000-0000-4000-8000-000000000001";

/** Content: admins write it, learners and visitors never (deletes by admins are in course-studio.test.ts). */
const CONTENT_WRITES: WriteCase[] = (["anon", ...LEARNERS] as const).flatMap((actor): WriteCase[] => [
  { actor, table: "course_modules", operation: "insert", values: { title: "Чужой модуль" }, expect: "refused" },
  { actor, table: "course_modules", operation: "update", values: { is_published: true }, match: { id: DRAFT_MODULE }, expect: "refused" },
  { actor, table: "course_modules", operation: "delete", values: {}, match: { id: FIRST_MODULE }, expect: "refused" },
  { actor, table: "tech_tools", operation: "insert", values: { name: "Чужой инструмент" }, expect: "refused" },
  { actor, table: "tech_tools", operation: "delete", values: {}, match: { id: LOVABLE }, expect: "refused" },
  { actor, table: "modules", operation: "insert", values: { tool_id: LOVABLE, name: "Чужой блок" }, expect: "refused" },
  { actor, table: "lessons", operation: "insert", values: { course_module_id: FIRST_MODULE, title: "Чужой урок" }, expect: "refused" },
  { actor, table: "lessons", operation: "update", values: { video_url: "https://evil.example" }, match: { id: FIRST_LESSON }, expect: "refused" },
  { actor, table: "lessons", operation: "delete", values: {}, match: { id: FIRST_LESSON }, expect: "refused" },
]);

/** Access, roles, profiles, consents, cohorts and progress: a learner writes none of them directly. */
const LEARNER_WRITES: WriteCase[] = LEARNERS.flatMap((actor): WriteCase[] => {
  const self = ACTOR_IDS[actor];
  return [
    { actor, table: "tool_access", operation: "insert", values: { user_id: self, tool_id: CURSOR, is_unlocked: true }, expect: "refused" },
    { actor, table: "tool_access", operation: "update", values: { is_unlocked: false }, match: { user_id: ACTOR_IDS.student, tool_id: LOVABLE }, expect: "refused" },
    { actor, table: "user_roles", operation: "insert", values: { user_id: self, role: "admin" }, expect: "refused" },
    { actor, table: "profiles", operation: "update", values: { role: "admin" }, match: { id: self }, expect: "refused" },
    { actor, table: "tech_tools", operation: "update", values: { name: "Взломано" }, match: { id: LOVABLE }, expect: "refused" },
    { actor, table: "privacy_consents", operation: "insert", values: { user_id: self, policy_version: "1999-01-01" }, expect: "refused" },
    // Cohorts: only admins write groups, memberships and grants.
    { actor, table: "groups", operation: "insert", values: { name: "Свой поток" }, expect: "refused" },
    { actor, table: "group_members", operation: "insert", values: { group_id: COHORT, user_id: ACTOR_IDS.admin }, expect: "refused" },
    { actor, table: "group_members", operation: "delete", values: {}, match: { group_id: COHORT, user_id: ACTOR_IDS.student }, expect: "refused" },
    { actor, table: "group_module_access", operation: "update", values: { unlock_at: null }, match: { group_id: COHORT }, expect: "refused" },
    // Progress: only one's own, only in lessons one may open (module 3 is locked for both).
    { actor, table: "lesson_progress", operation: "insert", values: { user_id: ACTOR_IDS.admin, lesson_id: FIRST_LESSON, completed_at: "2026-01-01T00:00:00Z" }, expect: "refused" },
    { actor, table: "lesson_progress", operation: "insert", values: { user_id: self, lesson_id: LOCKED_MODULE_LESSON, completed_at: "2026-01-01T00:00:00Z" }, expect: "refused" },
  ];
});

export const WRITES: WriteCase[] = [
  { actor: "anon", table: "module_access", operation: "insert", values: { user_id: ACTOR_IDS.student, module_id: FIRST_MODULE, is_unlocked: true }, expect: "refused" },
  ...LEARNER_WRITES,
  ...CONTENT_WRITES,
  { actor: "anon", table: "group_tool_access", operation: "insert", values: { group_id: COHORT, tool_id: LOVABLE, is_unlocked: true }, expect: "refused" },
  { actor: "admin", table: "groups", operation: "update", values: { name: "Поток: январь 2027" }, match: { id: COHORT }, expect: "allowed" },
  { actor: "anon", table: "lesson_progress", operation: "insert", values: { user_id: ACTOR_IDS.student, lesson_id: FIRST_LESSON }, expect: "refused" },
  { actor: "admin", table: "lesson_progress", operation: "update", values: { completed_at: null }, match: { user_id: ACTOR_IDS.student, lesson_id: FIRST_LESSON }, expect: "refused" },
  // Idempotent, so the run through supabase-js (which cannot roll back) leaves the seed as it was.
  { actor: "admin", table: "tool_access", operation: "update", values: { is_visible: true }, match: { user_id: ACTOR_IDS.student, tool_id: LOVABLE }, expect: "allowed" },
  { actor: "admin", table: "course_modules", operation: "update", values: { is_published: false }, match: { id: DRAFT_MODULE }, expect: "allowed" },
  { actor: "admin", table: "lessons", operation: "update", values: { is_published: true }, match: { id: FIRST_LESSON }, expect: "allowed" },
];

/** Whether rows read by an actor satisfy the expectation, given how many the service role sees. */
export function readHolds(expectation: Visibility, outcome: { refused: boolean; owners: unknown[]; total: number }, actorId?: string) {
  switch (expectation.kind) {
    case "refused":
      return outcome.refused;
    case "none":
      return outcome.refused || outcome.owners.length === 0;
    case "own":
      return !outcome.refused && outcome.owners.length >= expectation.atLeast && outcome.owners.every((owner) => owner === actorId);
    case "all":
      return !outcome.refused && outcome.owners.length === outcome.total;
  }
}

export const describeRead = (c: ReadCase) => `${c.actor} reads ${c.table} (${c.columns}): ${c.expect.kind}`;
export const describeWrite = (c: WriteCase) => `${c.actor} ${c.operation}s ${c.table}: ${c.expect}`;
