import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Json } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, SEEDED, serviceClient, signedIn, startTestBackend, TEST_DATABASES, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * Quizzes through supabase-js (issue 46): who reads and writes what (a student never reads the key
 * nor writes an attempt), the grading of every kind, the attempt limit (two submissions at once
 * included), a quiz stop-lesson holding and releasing what follows it, and a pass passing the lesson.
 */

type Client = SupabaseClient<Database>;
type Kind = Database["public"]["Enums"]["quiz_question_kind"];

const PASSWORD = "password123";
const CURSOR = "70000000-0000-4000-8000-000000000002";
const [QUIZ_LESSON, NEXT_LESSON] = ["d0000000-0000-4000-8000-000000000006", "d0000000-0000-4000-8000-000000000007"];

let backend: LocalBackend;
let service: Client;
let admin: Client;
let anon: Client;

async function student(backendUnder: LocalBackend, serviceUnder: Client, label: string) {
  const email = uniqueEmail(label);
  const { data, error } = await serviceUnder.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error) throw error;
  await serviceUnder.from("tool_access").insert({ user_id: data.user!.id, tool_id: CURSOR, is_unlocked: true });
  return { id: data.user!.id, client: (await signedIn(backendUnder, email, PASSWORD)).client };
}

const OPTIONS = [
  { id: "a", text: "Выручка" },
  { id: "b", text: "Конверсия в оплату" },
  { id: "c", text: "Число лайков" },
];

/** The quiz on Cursor's first lesson: four questions, one of each kind, 60 % to pass, three attempts. */
async function buildQuiz(client: Client) {
  const quiz = (
    await client
      .from("quizzes")
      .insert({ lesson_id: QUIZ_LESSON, passing_percent: 60, max_attempts: 3, is_stop_lesson: true })
      .select("id")
      .single()
  ).data!;
  const rows = [
    { kind: "single" as Kind, prompt_md: "Какой метрикой проверить гипотезу?", options: OPTIONS, correct: ["b"], explanation_md: "Деньги — честный сигнал." },
    { kind: "multiple" as Kind, prompt_md: "Что из этого — метрики продукта?", options: OPTIONS, correct: ["a", "b"] },
    { kind: "text" as Kind, prompt_md: "Как называется минимальный продукт?", options: [], correct: ["MVP", "минимально жизнеспособный продукт"] },
    { kind: "number" as Kind, prompt_md: "Сколько интервью провести на старте?", options: [], correct: { value: 10, tolerance: 2 } },
  ].map((row, index) => ({ explanation_md: "", ...row, quiz_id: quiz.id, order_index: index + 1 }));
  const inserted = await client.from("quiz_questions").insert(rows).select("id, kind").order("order_index");
  if (inserted.error) throw new Error(inserted.error.message);
  const questions = inserted.data;
  return { quizId: quiz.id, questions: questions.map((question) => question.id) };
}

let quizId: string;
let questions: string[];
const rightAnswers = (): Record<string, Json> => ({ [questions[0]]: "b", [questions[1]]: ["b", "a"], [questions[2]]: "  mvp ", [questions[3]]: "11,5" });
const wrongAnswers = (): Record<string, Json> => ({ [questions[0]]: "a", [questions[1]]: ["a"], [questions[2]]: "прототип", [questions[3]]: "5" });

const submit = (client: Client, answers: Record<string, Json>, quiz = quizId) => client.rpc("submit_quiz", { _quiz_id: quiz, _answers: answers });
const failure = async (call: PromiseLike<{ error: { code?: string; hint?: string | null } | null }>) => {
  const { error } = await call;
  return error ? error.hint || error.code : null;
};

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  anon = anonClient(backend);
  admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  ({ quizId, questions } = await buildQuiz(admin));
});
afterAll(() => backend.close());

describe("grading (grade_quiz_answer)", () => {
  const key = {
    single: ["b"],
    multiple: ["a", "c"],
    text: ["MVP", "Минимальный  продукт"],
    number: { value: 3.5, tolerance: 0.25 },
  } satisfies Record<Kind, Json>;
  const cases: [Kind, Json, boolean][] = [
    ["single", "b", true],
    ["single", "a", false],
    ["single", ["b"], false],
    ["single", null, false],
    ["multiple", ["a", "c"], true],
    ["multiple", ["c", "a", "a"], true],
    ["multiple", ["a"], false],
    ["multiple", ["a", "b", "c"], false],
    ["multiple", [], false],
    ["multiple", "a", false],
    ["text", "mvp", true],
    ["text", "  MvP  ", true],
    ["text", "минимальный продукт", true],
    ["text", "минимальный   ПРОДУКТ ", true],
    ["text", "MVP!", false],
    ["text", "", false],
    ["text", 5, false],
    ["number", "3.5", true],
    ["number", "3,7", true],
    ["number", " 3,25 ", true],
    ["number", 3.75, true],
    ["number", "3.76", false],
    ["number", "три", false],
    ["number", "3.5e1", false],
    ["number", "", false],
    ["number", ["3.5"], false],
  ];
  it.each(cases)("%s: %j is %s", async (kind, answer, right) => {
    const { data, error } = await service.rpc("grade_quiz_answer", { _kind: kind, _correct: key[kind], _answer: answer });
    expect(error).toBeNull();
    expect(data).toBe(right);
  });

  it("refuses a key that does not fit its kind", async () => {
    const bad: { kind: Kind; options?: Json; correct: Json }[] = [
      { kind: "single", options: OPTIONS, correct: ["a", "b"] },
      { kind: "single", options: OPTIONS, correct: ["z"] },
      { kind: "multiple", options: [{ id: "a", text: "Один" }], correct: ["a"] },
      { kind: "multiple", options: [{ id: "a", text: "Один" }, { id: "a", text: "Два" }], correct: ["a"] },
      { kind: "text", correct: [] },
      { kind: "text", correct: ["  "] },
      { kind: "number", correct: { value: 1 } },
      { kind: "number", correct: { value: 1, tolerance: -1 } },
    ];
    for (const row of bad) {
      const { error } = await admin.from("quiz_questions").insert({ quiz_id: quizId, prompt_md: "Вопрос", ...row });
      expect(error?.code, JSON.stringify(row)).toBe("23514");
    }
  });
});

describe("who reads and writes what", () => {
  it("a student reads neither the key nor the explanations, and no question straight from the table", async () => {
    const { client } = await student(backend, service, "reader");
    await admin.from("quizzes").update({ is_published: true }).eq("id", quizId);
    expect((await client.from("quiz_questions").select("correct")).error?.code).toBe("42501");
    expect((await client.from("quiz_questions").select("explanation_md")).error?.code).toBe("42501");
    expect((await client.from("quiz_questions").select("*")).error?.code).toBe("42501");
    expect((await client.from("quiz_questions").select("id, prompt_md")).data).toEqual([]);
    expect((await client.rpc("quiz_editor", { _lesson_id: QUIZ_LESSON })).data).toBeNull();
    // What the lesson page reads: the questions, without the key.
    const quiz = (await client.rpc("quiz_for", { _user_id: (await client.auth.getUser()).data.user!.id, _lesson_id: QUIZ_LESSON })).data;
    expect(JSON.stringify(quiz)).toContain("Какой метрикой проверить гипотезу?");
    expect(JSON.stringify(quiz)).not.toMatch(/correct|explanation|MVP|Деньги/);
  });

  it("nobody but submit_quiz writes an attempt, and a student never writes a quiz or a question", async () => {
    const { id, client } = await student(backend, service, "forger");
    const forged = { quiz_id: quizId, user_id: id, attempt: 1, answers: {}, results: [], score: 4, max_score: 4, passed: true };
    for (const writer of [client, admin]) {
      expect((await writer.from("quiz_attempts").insert(forged)).error?.code).toBe("42501");
      expect((await writer.from("quiz_attempts").update({ passed: true, score: 4 }).eq("user_id", id).select()).error?.code).toBe("42501");
      expect((await writer.from("quiz_attempts").delete().eq("user_id", id).select()).error?.code).toBe("42501");
    }
    expect((await client.from("quizzes").update({ max_attempts: 100 }).eq("id", quizId).select()).data ?? []).toEqual([]);
    expect((await client.from("quiz_questions").update({ correct: ["a"] }).eq("id", questions[0]).select("id")).data ?? []).toEqual([]);
    expect((await client.from("quiz_questions").insert({ quiz_id: quizId, kind: "text", prompt_md: "?", correct: ["x"] })).error?.code).toBe("42501");
    expect(await failure(submit(anon, rightAnswers()))).not.toBeNull();
    expect((await service.from("quiz_attempts").select("id").eq("user_id", id)).data).toEqual([]);
  });

  it("a student reads their own attempts only", async () => {
    const one = await student(backend, service, "own-one");
    const other = await student(backend, service, "own-other");
    await submit(one.client, wrongAnswers());
    expect((await one.client.from("quiz_attempts").select("user_id")).data).toEqual([{ user_id: one.id }]);
    expect((await other.client.from("quiz_attempts").select("id")).data).toEqual([]);
    expect((await other.client.rpc("quiz_for", { _user_id: one.id, _lesson_id: QUIZ_LESSON })).data).toBeNull();
  });

  it("a draft quiz is nobody's to take", async () => {
    const { client } = await student(backend, service, "draft");
    await admin.from("quizzes").update({ is_published: false }).eq("id", quizId);
    try {
      expect(await failure(submit(client, rightAnswers()))).toBe("P0002");
      expect((await client.rpc("quiz_for", { _user_id: (await client.auth.getUser()).data.user!.id, _lesson_id: QUIZ_LESSON })).data).toBeNull();
    } finally {
      await admin.from("quizzes").update({ is_published: true }).eq("id", quizId);
    }
  });
});

describe("taking the quiz", () => {
  it("fails, retries, passes: the lesson is passed, the stop opens the next lesson, the limit holds", async () => {
    const { id, client } = await student(backend, service, "taker");
    const canOpen = async (lesson: string) => (await client.rpc("can_open_lesson", { _user_id: id, _lesson_id: lesson })).data;
    const verdict = async (lesson: string) => {
      const rows = (await client.rpc("access_verdicts", { _user_id: id, _kind: "lesson" })).data as { item_id: string; is_open: boolean; why: string; held_by: string | null }[];
      return rows.find((row) => row.item_id === lesson);
    };
    expect(await canOpen(NEXT_LESSON)).toBe(false);
    expect(await verdict(NEXT_LESSON)).toMatchObject({ is_open: false, why: "held", held_by: QUIZ_LESSON, held_by_quiz: true });
    // The list names the quiz as what holds it.
    const list = (await client.rpc("lesson_list", { _parent_id: CURSOR, _lesson_ids: [QUIZ_LESSON, NEXT_LESSON], _user_id: id })).data as {
      verdicts: { item_id: string; held_by: string | null; held_by_quiz: boolean | null }[];
    };
    expect(list.verdicts.filter((row) => row.held_by)).toEqual([expect.objectContaining({ item_id: NEXT_LESSON, held_by: QUIZ_LESSON, held_by_quiz: true })]);
    // «Отметить пройденным» does not pass a lesson with a quiz.
    expect((await client.rpc("set_lesson_completed", { _lesson_id: QUIZ_LESSON, _completed: true })).data).toBe(false);

    // Nothing answered (a stray press, blanks, no choice) is refused and spends no attempt.
    expect(await failure(submit(client, {}))).toBe("quiz_unanswered");
    expect(await failure(submit(client, { [questions[0]]: null, [questions[1]]: [], [questions[2]]: "   " }))).toBe("quiz_unanswered");
    // «abc» to the number question is named as a slip, not graded wrong: no attempt spent either.
    expect(await failure(submit(client, { ...rightAnswers(), [questions[3]]: "abc" }))).toBe("quiz_not_a_number");
    expect(await failure(submit(client, { ...rightAnswers(), [questions[3]]: "3.5e1" }))).toBe("quiz_not_a_number");
    expect((await client.from("quiz_attempts").select("id").eq("user_id", id)).data).toEqual([]);

    const first = await submit(client, wrongAnswers());
    expect(first.error).toBeNull();
    const attempt = (await client.from("quiz_attempts").select("score, max_score, passed, attempt, results").eq("id", first.data!).single()).data!;
    expect(attempt).toMatchObject({ score: 0, max_score: 4, passed: false, attempt: 1 });
    expect(await canOpen(NEXT_LESSON)).toBe(false);

    // Three of four right (75 % ≥ 60 %): passed.
    const second = await submit(client, { ...rightAnswers(), [questions[3]]: "100" });
    const graded = (await client.from("quiz_attempts").select("score, passed, results").eq("id", second.data!).single()).data!;
    expect(graded).toMatchObject({ score: 3, passed: true });
    expect((graded.results as { right: boolean }[]).map((row) => row.right)).toEqual([true, true, true, false]);
    expect(await canOpen(NEXT_LESSON)).toBe(true);
    expect(await verdict(NEXT_LESSON)).toMatchObject({ is_open: true, why: "default", held_by: null });
    const progress = (await client.from("lesson_progress").select("completed_at").eq("lesson_id", QUIZ_LESSON).single()).data!;
    expect(progress.completed_at).not.toBeNull();

    // The page's reading: every attempt, and the latest grade with the explanations.
    const page = (await client.rpc("quiz_for", { _user_id: id, _lesson_id: QUIZ_LESSON })).data as {
      attempts: { attempt: number; passed: boolean }[];
      latest: { question_id: string; right: boolean; explanation_md: string }[];
    };
    expect(page.attempts.map((row) => [row.attempt, row.passed])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(page.latest.find((row) => row.question_id === questions[0])).toMatchObject({ right: true, explanation_md: "Деньги — честный сигнал." });

    expect((await submit(client, wrongAnswers())).error).toBeNull();
    expect(await failure(submit(client, rightAnswers()))).toBe("quiz_attempts_spent");
    // A failed third attempt takes back neither the pass nor the opened lesson.
    expect(await canOpen(NEXT_LESSON)).toBe(true);
  });

  it("an unpublished quiz holds nothing, and a lesson closed to the student cannot be taken", async () => {
    const { id, client } = await student(backend, service, "closed");
    await admin.from("quizzes").update({ is_published: false }).eq("id", quizId);
    try {
      expect((await client.rpc("can_open_lesson", { _user_id: id, _lesson_id: NEXT_LESSON })).data).toBe(true);
      expect((await client.rpc("set_lesson_completed", { _lesson_id: QUIZ_LESSON, _completed: true })).data).toBe(true);
    } finally {
      await admin.from("quizzes").update({ is_published: true }).eq("id", quizId);
    }
    await service.from("lesson_access").insert({ user_id: id, lesson_id: QUIZ_LESSON, is_unlocked: false });
    expect(await failure(submit(client, rightAnswers()))).toBe("P0002");
    // A stop-lesson the student may not open holds nothing.
    expect((await client.rpc("can_open_lesson", { _user_id: id, _lesson_id: NEXT_LESSON })).data).toBe(true);
  });

  it("a shuffled quiz keeps one order of questions and options per student, and students meet different orders", async () => {
    const takers = await Promise.all(Array.from({ length: 6 }, (_, index) => student(backend, service, `shuffled-${index}`)));
    const order = async ({ id, client }: (typeof takers)[number]) => {
      const read = (await client.rpc("quiz_for", { _user_id: id, _lesson_id: QUIZ_LESSON })).data as { questions: { id: string; options: { id: string }[] }[] };
      return read.questions.map((question) => [question.id, ...question.options.map((option) => option.id)].join(":")).join(" ");
    };
    await admin.from("quizzes").update({ shuffle: true }).eq("id", quizId);
    try {
      const first = await Promise.all(takers.map(order));
      expect(await Promise.all(takers.map(order))).toEqual(first);
      for (const seen of first) expect(seen.split(" ").map((part) => part.split(":")[0]).sort()).toEqual([...questions].sort());
      expect(new Set(first).size).toBeGreaterThan(1);
    } finally {
      await admin.from("quizzes").update({ shuffle: false }).eq("id", quizId);
    }
  });

  it("the owner's analytics count each question's right answers and the attempts a pass took", async () => {
    const rows = (await admin.rpc("quiz_analytics", {})).data as {
      quiz_id: string;
      passed: number;
      attempts_to_pass: number;
      questions: { id: string; answered: number; right: number }[];
    }[];
    const quiz = rows.find((row) => row.quiz_id === quizId)!;
    expect(quiz.passed).toBe(1);
    expect(quiz.attempts_to_pass).toBe(2);
    const first = quiz.questions.find((question) => question.id === questions[0])!;
    expect(first.right).toBeLessThan(first.answered);
    const { client } = await student(backend, service, "analytics");
    expect((await client.rpc("quiz_analytics", {})).data).toEqual([]);
  });
});

describe.each(TEST_DATABASES)("two submissions at once (%s)", (database) => {
  let own: LocalBackend | null = null;
  afterAll(() => own?.close());

  it("count one after the other: the limit of one attempt holds", async () => {
    if (database !== "PGlite") own = await startTestBackend({}, database);
    const under = own ?? backend;
    const ownService = serviceClient(under);
    const ownAdmin = database === "PGlite" ? admin : (await signedIn(under, SEEDED.admin.email, SEEDED.admin.password)).client;
    const built = database === "PGlite" ? { quizId, questions } : await buildQuiz(ownAdmin);
    await ownAdmin.from("quizzes").update({ is_published: true, max_attempts: 1 }).eq("id", built.quizId);
    try {
      const { id, client } = await student(under, ownService, `race-${database}`);
      const answers = { [built.questions[0]]: "b" };
      const results = await Promise.all([submit(client, answers, built.quizId), submit(client, answers, built.quizId)]);
      expect(results.filter((result) => result.error === null)).toHaveLength(1);
      expect(results.map((result) => result.error?.hint).filter(Boolean)).toEqual(["quiz_attempts_spent"]);
      expect((await ownService.from("quiz_attempts").select("attempt").eq("user_id", id)).data).toEqual([{ attempt: 1 }]);
    } finally {
      await ownAdmin.from("quizzes").update({ max_attempts: 3 }).eq("id", built.quizId);
    }
    // A cluster of its own on PostgreSQL: its start takes long on a busy machine.
  }, 180_000);
});
