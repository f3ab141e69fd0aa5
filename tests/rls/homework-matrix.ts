import { DEMO_ACCOUNTS } from "@/local-backend/demo-accounts";
import type { WriteCase } from "./matrix";

/**
 * Homework's row level security as data, beside matrix.ts: who reads and who writes materials,
 * assignments, submissions, their comments and files, and curator assignments, and what a curator
 * reads of profiles and groups (their own groups' students, their own groups). The seed has none
 * of these, so FIXTURE_SQL (run by the database owner after the seed) adds a student of another
 * group, a curator for each group, and a little of everything. It runs through supabase-js on the
 * local backend (tests/backend/rls-matrix.test.ts) and as PostgREST would on PostgreSQL 15
 * (tests/postgres/migrations.test.ts). Statuses change only through functions
 * (tests/backend/homework-rules.test.ts): no direct write of a submission is ever allowed.
 */

export type HomeworkActor = "anon" | "student" | "otherStudent" | "curator" | "otherCurator" | "admin";

export const HOMEWORK_IDS = {
  student: DEMO_ACCOUNTS.student.id,
  curator: DEMO_ACCOUNTS.curator.id,
  admin: DEMO_ACCOUNTS.admin.id,
  otherStudent: "a1000000-0000-4000-8000-000000000001",
  otherCurator: "a1000000-0000-4000-8000-000000000002",
} as const satisfies Record<Exclude<HomeworkActor, "anon">, string>;

/** The fixture's own accounts, for signing in on the local backend. */
export const FIXTURE_ACCOUNTS = {
  otherStudent: { email: "other-student@example.com", password: "other12345" },
  otherCurator: { email: "other-curator@example.com", password: "other12345" },
} as const;

export function homeworkClaims(actor: HomeworkActor): Record<string, string> {
  if (actor === "anon") return { role: "anon" };
  return { role: "authenticated", aud: "authenticated", sub: HOMEWORK_IDS[actor] };
}

const COHORT = "f0000000-0000-4000-8000-000000000001"; // the seeded group of the demo student
const OTHER_GROUP = "f1000000-0000-4000-8000-000000000001";
const LOVABLE = "70000000-0000-4000-8000-000000000001";
const OPEN_LESSON = "d0000000-0000-4000-8000-000000000001"; // open to both students
const CURSOR_LESSON = "d0000000-0000-4000-8000-000000000006"; // open to neither
const OTHER_LESSON = "d0000000-0000-4000-8000-000000000002";

const row = (n: number) => `a2000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const OPEN_TASK = row(1);
const CLOSED_TASK = row(2);
const STUDENT_WORK = row(3);
const OTHER_WORK = row(4);
const STUDENT_COMMENT = row(5);
const OTHER_COMMENT = row(6);
const STUDENT_FILE = row(7);
const OTHER_FILE = row(8);
const OPEN_MATERIAL = row(9);
const CLOSED_MATERIAL = row(10);

const account = (id: string, email: string, password: string, name: string) =>
  `('00000000-0000-0000-0000-000000000000', '${id}', 'authenticated', 'authenticated', '${email}',
    extensions.crypt('${password}', extensions.gen_salt('bf', 4)), now(), '{"provider":"email","providers":["email"]}',
    '{"full_name":"${name}"}', now(), now(), '', '', '', '')`;

/** The demo curator reviews the seeded cohort; another group has its own student and curator. */
export const FIXTURE_SQL = `
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change, email_change_token_new
) values
  ${account(HOMEWORK_IDS.otherStudent, FIXTURE_ACCOUNTS.otherStudent.email, FIXTURE_ACCOUNTS.otherStudent.password, "Другой студент")},
  ${account(HOMEWORK_IDS.otherCurator, FIXTURE_ACCOUNTS.otherCurator.email, FIXTURE_ACCOUNTS.otherCurator.password, "Другой куратор")};
insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
select gen_random_uuid(), u.id, u.id::text, 'email', jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), now(), now(), now()
from auth.users u where u.id in ('${HOMEWORK_IDS.otherStudent}', '${HOMEWORK_IDS.otherCurator}');
update public.user_roles set role = 'curator' where user_id = '${HOMEWORK_IDS.otherCurator}';

insert into public.groups (id, name) values ('${OTHER_GROUP}', 'Поток: другой');
insert into public.group_members (group_id, user_id) values ('${OTHER_GROUP}', '${HOMEWORK_IDS.otherStudent}');
insert into public.group_curators (group_id, user_id) values
  ('${COHORT}', '${HOMEWORK_IDS.curator}'), ('${OTHER_GROUP}', '${HOMEWORK_IDS.otherCurator}');
insert into public.tool_access (user_id, tool_id, is_unlocked) values ('${HOMEWORK_IDS.otherStudent}', '${LOVABLE}', true);

insert into public.assignments (id, lesson_id, accepts_files) values ('${OPEN_TASK}', '${OPEN_LESSON}', true), ('${CLOSED_TASK}', '${CURSOR_LESSON}', false);
insert into public.submissions (id, assignment_id, user_id, attempt, answer_md, status) values
  ('${STUDENT_WORK}', '${OPEN_TASK}', '${HOMEWORK_IDS.student}', 1, 'Ответ', 'submitted'),
  ('${OTHER_WORK}', '${OPEN_TASK}', '${HOMEWORK_IDS.otherStudent}', 1, 'Ответ', 'returned');
insert into public.submission_comments (id, submission_id, author_id, body_md) values
  ('${STUDENT_COMMENT}', '${STUDENT_WORK}', '${HOMEWORK_IDS.curator}', 'Посмотрю сегодня'),
  ('${OTHER_COMMENT}', '${OTHER_WORK}', '${HOMEWORK_IDS.otherCurator}', 'Доработайте выводы');
insert into public.submission_files (id, submission_id, object_path, file_name, size_bytes, mime_type) values
  ('${STUDENT_FILE}', '${STUDENT_WORK}', '${HOMEWORK_IDS.student}/${OPEN_TASK}/a.pdf', 'a.pdf', 10, 'application/pdf'),
  ('${OTHER_FILE}', '${OTHER_WORK}', '${HOMEWORK_IDS.otherStudent}/${OPEN_TASK}/b.pdf', 'b.pdf', 10, 'application/pdf');
insert into public.lesson_attachments (id, lesson_id, object_path, file_name, size_bytes, mime_type) values
  ('${OPEN_MATERIAL}', '${OPEN_LESSON}', '${OPEN_LESSON}/${OPEN_MATERIAL}.pdf', 'm.pdf', 10, 'application/pdf'),
  ('${CLOSED_MATERIAL}', '${CURSOR_LESSON}', '${CURSOR_LESSON}/${CLOSED_MATERIAL}.pdf', 'm.pdf', 10, 'application/pdf');
`;

export interface HomeworkReadCase {
  actor: HomeworkActor;
  table: string;
  /** The column whose values name the rows. */
  key: string;
  /** Exactly these rows; none also holds when the table is refused outright. */
  expect: string[];
}

type Seen = Record<HomeworkActor, string[]>;

/** Per table, what each actor reads. */
const SEEN: Record<string, { key: string; rows: Seen }> = {
  // Materials follow the lesson's access; a curator reviews works, not lessons.
  lesson_attachments: {
    key: "id",
    rows: { anon: [], student: [OPEN_MATERIAL], otherStudent: [OPEN_MATERIAL], curator: [], otherCurator: [], admin: [OPEN_MATERIAL, CLOSED_MATERIAL] },
  },
  // Reviewers read every assignment (beside the works they review); students those of lessons they may open.
  assignments: {
    key: "id",
    rows: { anon: [], student: [OPEN_TASK], otherStudent: [OPEN_TASK], curator: [OPEN_TASK, CLOSED_TASK], otherCurator: [OPEN_TASK, CLOSED_TASK], admin: [OPEN_TASK, CLOSED_TASK] },
  },
  submissions: { key: "id", rows: { anon: [], student: [STUDENT_WORK], otherStudent: [OTHER_WORK], curator: [STUDENT_WORK], otherCurator: [OTHER_WORK], admin: [STUDENT_WORK, OTHER_WORK] } },
  submission_comments: {
    key: "id",
    rows: { anon: [], student: [STUDENT_COMMENT], otherStudent: [OTHER_COMMENT], curator: [STUDENT_COMMENT], otherCurator: [OTHER_COMMENT], admin: [STUDENT_COMMENT, OTHER_COMMENT] },
  },
  submission_files: {
    key: "id",
    rows: { anon: [], student: [STUDENT_FILE], otherStudent: [OTHER_FILE], curator: [STUDENT_FILE], otherCurator: [OTHER_FILE], admin: [STUDENT_FILE, OTHER_FILE] },
  },
  // A curator reads the profiles of their groups' students, and the groups they curate.
  profiles: {
    key: "id",
    rows: {
      anon: [],
      student: [HOMEWORK_IDS.student],
      otherStudent: [HOMEWORK_IDS.otherStudent],
      curator: [HOMEWORK_IDS.curator, HOMEWORK_IDS.student],
      otherCurator: [HOMEWORK_IDS.otherCurator, HOMEWORK_IDS.otherStudent],
      admin: Object.values(HOMEWORK_IDS),
    },
  },
  groups: { key: "id", rows: { anon: [], student: [COHORT], otherStudent: [OTHER_GROUP], curator: [COHORT], otherCurator: [OTHER_GROUP], admin: [COHORT, OTHER_GROUP] } },
  group_curators: {
    key: "user_id",
    rows: {
      anon: [],
      student: [],
      otherStudent: [],
      curator: [HOMEWORK_IDS.curator],
      otherCurator: [HOMEWORK_IDS.otherCurator],
      admin: [HOMEWORK_IDS.curator, HOMEWORK_IDS.otherCurator],
    },
  },
};

export const HOMEWORK_READS: HomeworkReadCase[] = Object.entries(SEEN).flatMap(([table, { key, rows }]) =>
  (Object.entries(rows) as [HomeworkActor, string[]][]).map(([actor, expect]) => ({ actor, table, key, expect })),
);

export type HomeworkWriteCase = Omit<WriteCase, "actor"> & { actor: HomeworkActor };

const NON_ADMINS = ["anon", "student", "otherStudent", "curator", "otherCurator"] as const;
const SIGNED_IN = ["student", "otherStudent", "curator", "otherCurator", "admin"] as const;

export const HOMEWORK_WRITES: HomeworkWriteCase[] = [
  // Submissions, comments and files: nobody writes them directly, admins included.
  ...SIGNED_IN.flatMap((actor): HomeworkWriteCase[] => [
    { actor, table: "submissions", operation: "insert", values: { assignment_id: OPEN_TASK, user_id: HOMEWORK_IDS[actor], attempt: 2, status: "accepted" }, expect: "refused" },
    { actor, table: "submissions", operation: "update", values: { status: "accepted" }, match: { id: STUDENT_WORK }, expect: "refused" },
    { actor, table: "submissions", operation: "update", values: { claimed_by: HOMEWORK_IDS[actor] }, match: { id: OTHER_WORK }, expect: "refused" },
    { actor, table: "submissions", operation: "delete", values: {}, match: { id: OTHER_WORK }, expect: "refused" },
    { actor, table: "submission_comments", operation: "insert", values: { submission_id: STUDENT_WORK, author_id: HOMEWORK_IDS[actor], body_md: "Принято" }, expect: "refused" },
    { actor, table: "submission_comments", operation: "update", values: { body_md: "Иначе" }, match: { id: OTHER_COMMENT }, expect: "refused" },
    { actor, table: "submission_comments", operation: "delete", values: {}, match: { id: STUDENT_COMMENT }, expect: "refused" },
    {
      actor,
      table: "submission_files",
      operation: "insert",
      values: { submission_id: STUDENT_WORK, object_path: `${HOMEWORK_IDS[actor]}/${OPEN_TASK}/c.pdf`, file_name: "c.pdf", size_bytes: 1, mime_type: "application/pdf" },
      expect: "refused",
    },
    { actor, table: "submission_files", operation: "delete", values: {}, match: { id: STUDENT_FILE }, expect: "refused" },
  ]),
  { actor: "anon", table: "submissions", operation: "insert", values: { assignment_id: OPEN_TASK, user_id: HOMEWORK_IDS.student, attempt: 2 }, expect: "refused" },
  // Assignments, materials and curator assignments: admins only.
  ...NON_ADMINS.flatMap((actor): HomeworkWriteCase[] => [
    { actor, table: "assignments", operation: "insert", values: { lesson_id: OTHER_LESSON }, expect: "refused" },
    { actor, table: "assignments", operation: "update", values: { is_stop_lesson: true }, match: { id: OPEN_TASK }, expect: "refused" },
    { actor, table: "assignments", operation: "delete", values: {}, match: { id: CLOSED_TASK }, expect: "refused" },
    {
      actor,
      table: "lesson_attachments",
      operation: "insert",
      values: { lesson_id: OPEN_LESSON, object_path: `${OPEN_LESSON}/x.pdf`, file_name: "x.pdf", size_bytes: 1, mime_type: "application/pdf" },
      expect: "refused",
    },
    { actor, table: "lesson_attachments", operation: "update", values: { file_name: "взлом.pdf" }, match: { id: OPEN_MATERIAL }, expect: "refused" },
    { actor, table: "lesson_attachments", operation: "delete", values: {}, match: { id: OPEN_MATERIAL }, expect: "refused" },
    { actor, table: "group_curators", operation: "insert", values: { group_id: OTHER_GROUP, user_id: HOMEWORK_IDS.curator }, expect: "refused" },
    { actor, table: "group_curators", operation: "delete", values: {}, match: { group_id: COHORT, user_id: HOMEWORK_IDS.curator }, expect: "refused" },
  ]),
  // No update grant at all: a curator assignment is added or removed, never moved.
  { actor: "admin", table: "group_curators", operation: "update", values: { group_id: OTHER_GROUP }, match: { user_id: HOMEWORK_IDS.curator }, expect: "refused" },
  // Idempotent, so the run through supabase-js (which cannot roll back) leaves the fixture as it was.
  { actor: "admin", table: "assignments", operation: "update", values: { accepts_files: true }, match: { id: OPEN_TASK }, expect: "allowed" },
  // A material's row is the service role's to add (record_lesson_material, after the server read its
  // bytes); an admin renames and orders it, never retypes or repoints it.
  {
    actor: "admin",
    table: "lesson_attachments",
    operation: "insert",
    values: { lesson_id: OPEN_LESSON, object_path: `${OPEN_LESSON}/${OTHER_LESSON}.pdf`, file_name: "x.pdf", size_bytes: 1, mime_type: "application/pdf" },
    expect: "refused",
  },
  { actor: "admin", table: "lesson_attachments", operation: "update", values: { mime_type: "application/zip" }, match: { id: OPEN_MATERIAL }, expect: "refused" },
  { actor: "admin", table: "lesson_attachments", operation: "update", values: { object_path: `${OPEN_LESSON}/${OTHER_LESSON}.pdf` }, match: { id: OPEN_MATERIAL }, expect: "refused" },
  { actor: "admin", table: "lesson_attachments", operation: "update", values: { file_name: "m.pdf" }, match: { id: OPEN_MATERIAL }, expect: "allowed" },
  // Last: it adds a row that no read above counts.
  { actor: "admin", table: "group_curators", operation: "insert", values: { group_id: OTHER_GROUP, user_id: HOMEWORK_IDS.admin }, expect: "allowed" },
];

/** Whether the rows an actor read (their key values) are exactly the expected ones; a refusal counts as none. */
export function homeworkReadHolds(read: HomeworkReadCase, outcome: { refused: boolean; keys: unknown[] }) {
  const seen = outcome.refused ? [] : outcome.keys.map(String).sort();
  return JSON.stringify(seen) === JSON.stringify([...read.expect].sort());
}

export const describeHomeworkRead = (c: HomeworkReadCase) => `${c.actor} reads ${c.table}: ${c.expect.length ? `${c.expect.length} row(s)` : "none"}`;
export const describeHomeworkWrite = (c: HomeworkWriteCase) =>
  `${c.actor} ${c.operation}s ${c.table}${c.operation === "update" ? ` (${Object.keys(c.values).join(", ")})` : ""}: ${c.expect}`;
