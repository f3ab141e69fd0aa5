import { randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { expect, test, visitorAddress } from "./fixtures";
import { callAction, formOf, type ActionAnswer } from "./helpers/actions";
import { createPeople, createTool, schoolRows, service, setAccess, unique } from "./helpers/backend";
import { builtActions, notRussian, stringsIn, type BuiltAction } from "./helpers/hostile";
import { E2E_APP_URL } from "./helpers/ports";

/**
 * Who may call which server action, as a table: every action of the build × anonymous, student,
 * curator and admin. A refused caller hears the action layer's Russian refusal and changes
 * nothing (their arguments name this file's canary rows, which a write would change); an allowed
 * caller names rows that exist nowhere and hears «… не найден(а)». Malformed input answers
 * cleanly, in Russian, for every caller the action admits; nothing is written by any of it.
 */

type Role = "anonymous" | "student" | "curator" | "admin";
type Level = "anyone" | "student" | "reviewer" | "admin";

const ROLES: Role[] = ["anonymous", "student", "curator", "admin"];
const MARK = `roles${Date.now().toString(36)}`;

/** The action layer's refusals, by the action's level and the caller's role. */
const REFUSALS: Record<Level, Partial<Record<Role, string>>> = {
  anyone: {},
  student: { anonymous: "Войдите, чтобы продолжить" },
  reviewer: { anonymous: "Войдите, чтобы продолжить", student: "Недостаточно прав" },
  admin: { anonymous: "Войдите, чтобы продолжить", student: "Недостаточно прав", curator: "Недостаточно прав" },
};

type People = Awaited<ReturnType<typeof createPeople>>;

interface World extends People {
  tool: Awaited<ReturnType<typeof createTool>>;
  lessonIds: [string, string];
  blockId: string;
  moduleId: string;
  groupId: string;
  attachmentId: string;
  notificationId: number;
  deliveryId: number;
}

/** What an allowed caller's probe answers. */
type Expected = { notFound: true } | { ok: true } | { error: RegExp } | { redirect: RegExp };

interface Row {
  level: Level;
  /** Arguments naming the canaries: what a refused caller sends, which would change them. */
  canary: (world: World) => unknown[];
  /** What an allowed caller sends: rows that exist nowhere (the auth forms: nobody's account). */
  probe: (world: World) => unknown[];
  answers: Expected;
  /** Inputs the action does not take, beyond the generic ones. */
  malformed?: unknown[][];
  /** A form action answers a refusal with a redirect to its `refused` page, not with a message. */
  refusedRedirect?: RegExp;
}

const nowhere = () => randomUUID();
const nobody = () => `${unique("nobody")}@example.com`;
const NOT_FOUND: Expected = { notFound: true };
/** A form's state before its first answer (lib/actions/form-state.ts). */
const FIRST_STATE = { result: null, fields: {}, answered: 0 };
/** A bigint id no row has. */
const NO_SUCH_NUMBER = 2 ** 52;

const ACTIONS: Record<string, Row> = {
  // The auth forms, for anyone.
  // The auth forms' actions take (their previous state, the form) and answer with the next state.
  submitAuthForm: {
    level: "anyone",
    canary: () => [],
    probe: () => [FIRST_STATE, formOf({ mode: "signIn", email: nobody(), password: "неверный-пароль" })],
    answers: { error: /Неверный email или пароль/ },
    // A registration with an address that is not one, and a mode the form has not.
    malformed: [[FIRST_STATE, formOf({ mode: "signUp", fullName: "Иван", email: "x", password: "password123", privacyConsent: "on" })], [FIRST_STATE, formOf({ mode: "нет такого" })]],
  },
  resendRecoveryEmail: { level: "anyone", canary: () => [], probe: () => [FIRST_STATE, formOf({ email: nobody() })], answers: { ok: true } },
  verifyRecoveryCode: { level: "anyone", canary: () => [], probe: () => [FIRST_STATE, formOf({ email: nobody(), code: "123456" })], answers: { error: /\p{Script=Cyrillic}/u } },
  updatePassword: {
    level: "anyone",
    canary: () => [],
    probe: () => [FIRST_STATE, formOf({ password: "новый-пароль-1", confirmation: "другой-пароль-2" })],
    answers: { error: /Пароли не совпадают/ },
  },
  confirmEmailLink: {
    level: "anyone",
    canary: () => [],
    probe: () => [formOf({ token_hash: `pkce_${"ab".repeat(28)}`, type: "recovery", next: "/dashboard" })],
    answers: { redirect: /^\/auth\/link-expired\?reason=/ },
    malformed: [[formOf({ token_hash: "a".repeat(5000), type: "recovery" })], [formOf({ type: "x".repeat(5000) })]],
  },
  // The proof letter's button: its token is the credential, so a token nobody has proves nothing.
  proveEmailAddress: {
    level: "anyone",
    canary: () => [],
    probe: () => [formOf({ token: "ab".repeat(32) })],
    answers: { redirect: /^\/auth\/verify-email\?result=failed$/ },
  },
  // End the session: called last, by each role in a browser of its own (below).
  signOutForm: { level: "anyone", canary: () => [formOf({})], probe: () => [formOf({})], answers: { redirect: /^\/\?welcome=signed-out$/ } },
  // Leaves «Смотреть как студент»: a cookie and a redirect back to that student's panel.
  endPreview: { level: "anyone", canary: () => [], probe: () => [nowhere()], answers: { redirect: /^\/admin\?student=[0-9a-f-]{36}$/ } },
  // The unsubscribe link's button: its token is the credential, so a token nobody has is refused.
  unsubscribeEmails: {
    level: "anyone",
    canary: () => [],
    probe: () => [{ token: "0123456789abcdef".repeat(4), kind: "homework_accepted" }],
    answers: { error: /Ссылка для отписки недействительна/ },
  },
  // The bell's page: plain forms, answered with a redirect.
  openNotification: {
    level: "student",
    canary: ({ notificationId }) => [notificationId],
    probe: () => [NO_SUCH_NUMBER],
    answers: { redirect: /^\/notifications\?failed=1$/ },
    refusedRedirect: /^\/notifications\?failed=1$/,
    malformed: [[-1], [1.5], ["1"], [2 ** 60]],
  },
  markAllNotificationsRead: {
    level: "student",
    canary: () => [formOf({ before: new Date().toISOString() })],
    // Before anything existed: nothing to mark.
    probe: () => [formOf({ before: new Date(0).toISOString() })],
    answers: { redirect: /^\/notifications\?read=1$/ },
    refusedRedirect: /^\/notifications\?failed=1$/,
    malformed: [[formOf({ before: "вчера" })]],
  },
  markOrderPaid: {
    level: "admin",
    canary: () => [nowhere()],
    probe: () => [nowhere()],
    answers: { redirect: /^\/admin\/orders\?result=not-pending$/ },
    refusedRedirect: /^\/admin\/orders\?result=failed$/,
  },
  refundOrderPayment: {
    level: "admin",
    canary: () => [formOf({ orderId: nowhere(), amount: "" })],
    probe: () => [formOf({ orderId: nowhere(), amount: "" })],
    answers: { redirect: /^\/admin\/orders\?result=not_found$/ },
    refusedRedirect: /^\/admin\/orders\?result=failed$/,
  },
  createPromoCode: {
    level: "admin",
    canary: () => [FIRST_STATE, formOf({ code: `${MARK}canary`, kind: "percent", value: "10", offerId: "", maxUses: "", expiresAt: "" })],
    probe: () => [FIRST_STATE, formOf({ code: "ВЕСНА", kind: "percent", value: "10", offerId: "", maxUses: "", expiresAt: "" })],
    answers: { error: /Код — от 3 до 40 латинских букв/ },
  },
  switchPromoCode: {
    level: "admin",
    canary: () => [{ id: nowhere(), active: false }],
    probe: () => [{ id: nowhere(), active: false }],
    answers: { redirect: /^\/admin\/promo-codes\?result=failed$/ },
    refusedRedirect: /^\/admin\/promo-codes\?result=failed$/,
  },
  retryDelivery: {
    level: "admin",
    canary: ({ deliveryId }) => [deliveryId],
    probe: () => [NO_SUCH_NUMBER],
    answers: { redirect: /^\/admin\/notifications\?failed=1$/ },
    refusedRedirect: /^\/admin\/notifications\?failed=1$/,
  },

  // A student's own progress: any signed-in caller.
  prepareHomeworkUpload: {
    level: "student",
    canary: () => [{ assignmentId: nowhere(), fileName: `${MARK}.pdf`, size: 10 }],
    probe: () => [{ assignmentId: nowhere(), fileName: `${MARK}.pdf`, size: 10 }],
    answers: NOT_FOUND,
  },
  checkHomeworkUpload: {
    level: "student",
    canary: () => [{ assignmentId: nowhere(), path: `${nowhere()}/${nowhere()}/${nowhere()}.pdf`, fileName: `${MARK}.pdf` }],
    probe: () => [{ assignmentId: nowhere(), path: `${nowhere()}/${nowhere()}/${nowhere()}.pdf`, fileName: `${MARK}.pdf` }],
    answers: NOT_FOUND,
  },
  submitHomework: {
    level: "student",
    canary: () => [{ assignmentId: nowhere(), answer: `${MARK} ответ`, links: [], files: [] }],
    probe: () => [{ assignmentId: nowhere(), answer: `${MARK} ответ`, links: [], files: [] }],
    answers: NOT_FOUND,
  },
  // The checkout: an order for a course that is sold nowhere is refused, and nothing is ordered.
  buyOffer: {
    level: "student",
    canary: () => [FIRST_STATE, formOf({ offerId: nowhere(), code: "", terms: "on" })],
    probe: () => [FIRST_STATE, formOf({ offerId: nowhere(), code: "", terms: "on" })],
    answers: { error: /^Курс не найден или сейчас не продаётся$/ },
    malformed: [[FIRST_STATE, formOf({ offerId: nowhere(), code: "ВЕСНА", terms: "on" })], [FIRST_STATE, formOf({ offerId: nowhere(), code: "" })]],
  },
  recordLessonOpened: { level: "student", canary: (w) => [w.lessonIds[0]], probe: () => [nowhere()], answers: NOT_FOUND },
  setLessonCompleted: {
    level: "student",
    canary: (w) => [FIRST_STATE, formOf({ lessonId: w.lessonIds[0], completed: "true" })],
    probe: () => [FIRST_STATE, formOf({ lessonId: nowhere(), completed: "true" })],
    answers: NOT_FOUND,
    malformed: [[FIRST_STATE, formOf({ lessonId: "x", completed: "true" })], [FIRST_STATE, formOf({ lessonId: nowhere(), completed: "on" })]],
  },

  // A quiz's «Отправить ответы»: the database grades it; a quiz that exists nowhere is refused, and nothing is written.
  submitQuiz: {
    level: "student",
    canary: () => [FIRST_STATE, formOf({ quiz_id: nowhere(), back: "/dashboard", [`a:${nowhere()}`]: `${MARK} ответ` })],
    probe: () => [FIRST_STATE, formOf({ quiz_id: nowhere(), back: "/dashboard", [`a:${nowhere()}`]: `${MARK} ответ` })],
    answers: NOT_FOUND,
    malformed: [[FIRST_STATE, formOf({ quiz_id: "x", back: "/dashboard" })], [FIRST_STATE, formOf({ back: "/dashboard" })]],
  },

  // «Настройки»: the caller's own account, for any signed-in caller. Nothing there is anyone else's,
  // so the probes are what the action refuses on its own (a name with a digit, another address).
  changeName: { level: "student", canary: () => [{ fullName: "Канарейка Переименованная" }], probe: () => [{ fullName: "Канарейка 2" }], answers: { error: /Имя может содержать только буквы/ } },
  changeEmail: { level: "student", canary: () => [{ email: nobody() }], probe: () => [{ email: "не-адрес" }], answers: { error: /Неверный формат email/ } },
  changePassword: {
    level: "student",
    canary: () => [{ password: "новый-пароль-1", confirmation: "новый-пароль-1" }],
    probe: () => [{ password: "новый-пароль-1", confirmation: "другой-пароль-2" }],
    answers: { error: /Пароли не совпадают/ },
  },
  setNotificationPreference: {
    level: "student",
    canary: () => [{ kind: "homework_returned", channel: "email", enabled: false }],
    probe: () => [{ kind: "welcome", channel: "email", enabled: false }],
    answers: { error: /Выберите одно из допустимых значений/ },
  },
  // The e2e stack has a bot (scripts/e2e-server.ts): a fresh one-time link, which links nothing until /start.
  // The seeded accounts are the school's own, proven: «Адрес уже подтверждён».
  resendEmailProof: { level: "student", canary: () => [], probe: () => [], answers: { ok: true } },
  connectTelegram: { level: "student", canary: () => [], probe: () => [], answers: { ok: true } },
  disconnectTelegram: { level: "student", canary: () => [], probe: () => [], answers: NOT_FOUND },
  deleteAccount: {
    level: "student",
    canary: () => [FIRST_STATE, formOf({ email: nobody() })],
    probe: () => [FIRST_STATE, formOf({ email: nobody() })],
    answers: { error: /E-mail не совпадает с адресом вашего аккаунта/ },
    malformed: [[FIRST_STATE, formOf({ email: "" })], [FIRST_STATE, formOf({ email: nobody(), confirm: "on" })]],
  },

  // The admin panel.
  setAccess: {
    level: "admin",
    canary: (w) => [{ kind: "tool", studentId: w.student.id, itemId: w.tool.id, field: "is_unlocked", value: false }],
    probe: () => [{ kind: "tool", studentId: nowhere(), itemId: nowhere(), field: "is_unlocked", value: true }],
    answers: NOT_FOUND,
  },
  setAllAccess: {
    level: "admin",
    canary: (w) => [{ kind: "tool", studentId: w.student.id, itemIds: [w.tool.id], field: "is_visible", value: false }],
    probe: () => [{ kind: "lesson", studentId: nowhere(), itemIds: [nowhere(), nowhere()], field: "is_visible", value: false }],
    answers: NOT_FOUND,
  },
  dropAccess: {
    level: "admin",
    canary: (w) => [{ kind: "tool", studentId: w.student.id, itemId: w.tool.id }],
    probe: () => [{ kind: "tool", studentId: nowhere(), itemId: nowhere() }],
    answers: NOT_FOUND,
  },
  startPreview: { level: "admin", canary: (w) => [w.student.id], probe: () => [nowhere()], answers: NOT_FOUND },

  // The course studio.
  saveCourseModule: {
    level: "admin",
    canary: (w) => [{ id: w.moduleId, title: `${MARK} модуль`, description: "", is_published: true }],
    probe: () => [{ id: nowhere(), title: `${MARK} модуль`, description: "", is_published: true }],
    answers: NOT_FOUND,
  },
  saveTool: {
    level: "admin",
    canary: (w) => [{ id: w.tool.id, name: `${MARK} инструмент`, description: "", is_published: true }],
    probe: () => [{ id: nowhere(), name: `${MARK} инструмент`, description: "", is_published: true }],
    answers: NOT_FOUND,
  },
  saveBlock: {
    level: "admin",
    canary: (w) => [{ id: w.blockId, tool_id: w.tool.id, name: `${MARK} блок`, description: "", is_published: true }],
    probe: () => [{ id: nowhere(), tool_id: nowhere(), name: `${MARK} блок`, description: "", is_published: true }],
    answers: NOT_FOUND,
  },
  saveLesson: {
    level: "admin",
    canary: (w) => [{ id: w.lessonIds[0], parent: `tool:${w.tool.id}`, title: `${MARK} урок`, description: "", video: "", is_published: true }],
    probe: () => [{ id: nowhere(), parent: `tool:${nowhere()}`, title: `${MARK} урок`, description: "", video: "", is_published: true }],
    answers: NOT_FOUND,
  },
  deleteContent: { level: "admin", canary: (w) => [{ kind: "tool", id: w.tool.id }], probe: () => [{ kind: "lesson", id: nowhere() }], answers: NOT_FOUND },
  reorderContent: {
    level: "admin",
    canary: (w) => [{ kind: "lesson", ids: [w.lessonIds[1], w.lessonIds[0]] }],
    probe: () => [{ kind: "lesson", ids: [nowhere(), nowhere()] }],
    answers: NOT_FOUND,
  },
  previewLessonBody: { level: "admin", canary: () => [{ body_md: `# ${MARK}` }], probe: () => [{ body_md: "## Шаги\n\n- первый" }], answers: { ok: true } },

  // A lesson's materials.
  prepareMaterialUpload: {
    level: "admin",
    canary: (w) => [{ lessonId: w.lessonIds[0], fileName: `${MARK}.pdf`, size: 10, purpose: "material" }],
    probe: () => [{ lessonId: nowhere(), fileName: `${MARK}.pdf`, size: 10, purpose: "material" }],
    answers: NOT_FOUND,
  },
  attachMaterial: {
    level: "admin",
    canary: (w) => [{ lessonId: w.lessonIds[0], path: `${w.lessonIds[0]}/${nowhere()}.pdf`, fileName: `${MARK}.pdf` }],
    probe: () => {
      const lessonId = nowhere();
      return [{ lessonId, path: `${lessonId}/${nowhere()}.pdf`, fileName: `${MARK}.pdf` }];
    },
    answers: NOT_FOUND,
  },
  attachLessonImage: {
    level: "admin",
    canary: (w) => [{ lessonId: w.lessonIds[0], path: `${w.lessonIds[0]}/images/${nowhere()}.png`, fileName: `${MARK}.png` }],
    probe: () => {
      const lessonId = nowhere();
      return [{ lessonId, path: `${lessonId}/images/${nowhere()}.png`, fileName: `${MARK}.png` }];
    },
    answers: NOT_FOUND,
  },
  renameLessonMaterial: { level: "admin", canary: (w) => [{ id: w.attachmentId, fileName: `${MARK}.pdf` }], probe: () => [{ id: nowhere(), fileName: `${MARK}.pdf` }], answers: NOT_FOUND },
  reorderLessonMaterials: {
    level: "admin",
    canary: (w) => [{ lessonId: w.lessonIds[0], ids: [w.attachmentId] }],
    probe: () => [{ lessonId: nowhere(), ids: [nowhere()] }],
    answers: NOT_FOUND,
  },
  deleteLessonMaterial: { level: "admin", canary: (w) => [{ id: w.attachmentId }], probe: () => [{ id: nowhere() }], answers: NOT_FOUND },
  getDeletionImpact: { level: "admin", canary: (w) => [{ kind: "block", id: w.blockId }], probe: () => [{ kind: "block", id: nowhere() }], answers: NOT_FOUND },

  saveAssignment: {
    level: "admin",
    canary: (w) => [{ lesson_id: w.lessonIds[0], instructions_md: `${MARK} задание`, accepts_text: true, accepts_links: false, accepts_files: false, is_stop_lesson: true }],
    probe: () => [{ lesson_id: nowhere(), instructions_md: `${MARK} задание`, accepts_text: true, accepts_links: false, accepts_files: false, is_stop_lesson: false }],
    answers: NOT_FOUND,
  },
  countAssignmentSubmissions: { level: "admin", canary: () => [{ id: nowhere() }], probe: () => [{ id: nowhere() }], answers: NOT_FOUND },
  deleteAssignment: { level: "admin", canary: () => [{ id: nowhere() }], probe: () => [{ id: nowhere() }], answers: NOT_FOUND },

  // A lesson's quiz in the studio (plain forms). The canaries would give the canary lesson a quiz.
  saveQuizSettings: {
    level: "admin",
    canary: (w) => [FIRST_STATE, formOf({ lesson_id: w.lessonIds[0], passing_percent: "70", max_attempts: "", is_stop_lesson: "on" })],
    probe: () => [FIRST_STATE, formOf({ lesson_id: nowhere(), passing_percent: "70", max_attempts: "3" })],
    answers: { error: /Урок не найден/ },
    malformed: [[FIRST_STATE, formOf({ lesson_id: nowhere(), passing_percent: "0", max_attempts: "" })], [FIRST_STATE, formOf({ lesson_id: nowhere(), passing_percent: "70", max_attempts: "много" })]],
  },
  saveQuizQuestion: {
    level: "admin",
    canary: () => [FIRST_STATE, formOf({ lesson_id: nowhere(), quiz_id: nowhere(), kind: "text", prompt_md: `${MARK} вопрос`, accepted: "да", points: "1" })],
    probe: () => [FIRST_STATE, formOf({ lesson_id: nowhere(), quiz_id: nowhere(), kind: "text", prompt_md: `${MARK} вопрос`, accepted: "да", points: "1" })],
    answers: { error: /Тест не найден/ },
    malformed: [
      [FIRST_STATE, formOf({ lesson_id: nowhere(), quiz_id: nowhere(), kind: "single", prompt_md: `${MARK} вопрос`, choices: "Да\nНет", points: "1" })],
      [FIRST_STATE, formOf({ lesson_id: nowhere(), quiz_id: nowhere(), kind: "number", prompt_md: `${MARK} вопрос`, value: "много", points: "1" })],
    ],
  },
  moveQuizQuestion: {
    level: "admin",
    canary: () => [{ id: nowhere(), lessonId: nowhere(), direction: "delete" }],
    probe: () => [{ id: nowhere(), lessonId: nowhere(), direction: "up" }],
    answers: { redirect: /^\/admin\/content\?result=failed$/ },
    refusedRedirect: /^\/admin\/content\?result=failed$/,
    malformed: [[{ id: nowhere(), lessonId: nowhere(), direction: "sideways" }]],
  },
  setQuizState: {
    level: "admin",
    canary: (w) => [{ lessonId: w.lessonIds[0], state: "deleted" }],
    probe: () => [{ lessonId: nowhere(), state: "published" }],
    answers: { redirect: /^\/admin\/content\?result=failed$/ },
    refusedRedirect: /^\/admin\/content\?result=failed$/,
    malformed: [[{ lessonId: nowhere(), state: "forever" }]],
  },

  // Reviewing homework.
  claimSubmission: { level: "reviewer", canary: () => [{ submissionId: nowhere() }], probe: () => [{ submissionId: nowhere() }], answers: NOT_FOUND },
  releaseSubmission: { level: "reviewer", canary: () => [{ submissionId: nowhere() }], probe: () => [{ submissionId: nowhere() }], answers: NOT_FOUND },
  reviewSubmission: {
    level: "reviewer",
    canary: () => [{ submissionId: nowhere(), decision: "return", comment: `${MARK} комментарий` }],
    probe: () => [{ submissionId: nowhere(), decision: "accept", comment: "" }],
    answers: NOT_FOUND,
  },

  // Cohorts.
  saveGroup: { level: "admin", canary: (w) => [{ id: w.groupId, name: `${MARK} группа` }], probe: () => [{ id: nowhere(), name: `${MARK} группа` }], answers: NOT_FOUND },
  deleteGroup: { level: "admin", canary: (w) => [w.groupId], probe: () => [nowhere()], answers: NOT_FOUND },
  addMembers: {
    level: "admin",
    canary: (w) => [{ groupId: w.groupId, emails: w.curator.email }],
    probe: (w) => [{ groupId: nowhere(), emails: w.curator.email }],
    answers: NOT_FOUND,
  },
  removeMember: {
    level: "admin",
    canary: (w) => [{ groupId: w.groupId, userId: w.student.id }],
    probe: (w) => [{ groupId: w.groupId, userId: nowhere() }],
    answers: NOT_FOUND,
  },
  saveGrant: {
    level: "admin",
    canary: (w) => [{ groupId: w.groupId, kind: "tool", itemId: w.tool.id, is_unlocked: false, is_visible: false, unlock_at: "", expires_at: "" }],
    probe: () => [{ groupId: nowhere(), kind: "tool", itemId: nowhere(), is_unlocked: true, is_visible: true, unlock_at: "", expires_at: "" }],
    answers: NOT_FOUND,
  },
  dropGrant: {
    level: "admin",
    canary: (w) => [{ groupId: w.groupId, kind: "tool", itemId: w.tool.id }],
    probe: (w) => [{ groupId: w.groupId, kind: "module", itemId: nowhere() }],
    answers: NOT_FOUND,
  },
  addCurator: { level: "admin", canary: (w) => [{ groupId: w.groupId, email: w.curator.email }], probe: (w) => [{ groupId: nowhere(), email: w.curator.email }], answers: NOT_FOUND },
  removeCurator: { level: "admin", canary: (w) => [{ groupId: w.groupId, userId: w.curator.id }], probe: (w) => [{ groupId: w.groupId, userId: nowhere() }], answers: NOT_FOUND },
  setGroupGrants: {
    level: "admin",
    canary: (w) => [{ groupId: w.groupId, kind: "tool", itemIds: [w.tool.id], is_unlocked: false }],
    probe: () => [{ groupId: nowhere(), kind: "lesson", itemIds: [nowhere()], is_unlocked: true }],
    answers: NOT_FOUND,
  },
  undoGroupGrants: {
    level: "admin",
    canary: (w) => [{ groupId: w.groupId, kind: "tool", drop: [w.tool.id], unlocked: [], locked: [] }],
    probe: () => [{ groupId: nowhere(), kind: "tool", drop: [], unlocked: [nowhere()], locked: [] }],
    answers: NOT_FOUND,
  },

  // Certificates (issue 47): the student's share and reissue, the admin's revoke, reissue and switches.
  shareCertificate: {
    level: "student",
    canary: () => [formOf({ id: nowhere(), shared: "true" })],
    probe: () => [formOf({ id: nowhere(), shared: "true" })],
    answers: { redirect: /^\/certificates\?result=failed$/ },
    refusedRedirect: /^\/certificates\?result=failed$/,
    malformed: [[formOf({ id: nowhere(), shared: "может быть" })]],
  },
  reissueMyCertificate: {
    level: "student",
    canary: () => [nowhere()],
    probe: () => [nowhere()],
    answers: { redirect: /^\/certificates\?result=not-found$/ },
    refusedRedirect: /^\/certificates\?result=failed$/,
  },
  revokeCertificate: {
    level: "admin",
    canary: () => [formOf({ id: nowhere(), reason: "канарейка" })],
    probe: () => [formOf({ id: nowhere(), reason: "Нет такого" })],
    answers: { redirect: /^\/admin\/certificates\?result=not-found$/ },
    refusedRedirect: /^\/admin\/certificates\?result=bad-reason$/,
    malformed: [[formOf({ id: nowhere(), reason: " " })]],
  },
  reissueCertificate: {
    level: "admin",
    canary: () => [nowhere()],
    probe: () => [nowhere()],
    answers: { redirect: /^\/admin\/certificates\?result=not-found$/ },
    refusedRedirect: /^\/admin\/certificates\?result=failed$/,
  },
  // The probe saves the track's switch as it stands (off): nothing changes.
  setTrackCertificate: {
    level: "admin",
    canary: () => [formOf({ track: "tech", issues: "on" })],
    probe: () => [formOf({ track: "tech" })],
    answers: { redirect: /^\/admin\/certificates\?result=track-saved$/ },
    refusedRedirect: /^\/admin\/certificates\?result=failed$/,
    malformed: [[formOf({ track: "design", issues: "on" })]],
  },
  setContentCertificate: {
    level: "admin",
    canary: (w) => [formOf({ kind: "tool", id: w.tool.id, issues: "on" })],
    probe: () => [formOf({ kind: "tool", id: nowhere(), issues: "on" })],
    answers: { redirect: /^\/admin\/content$/ },
    refusedRedirect: /^\/admin\/content$/,
    malformed: [[formOf({ kind: "lesson", id: nowhere(), issues: "on" })]],
  },

  // Offers: what the school sells. A refused caller's canary would create a draft for the canary group.
  moveOffer: {
    level: "admin",
    canary: () => [{ id: nowhere(), direction: "up" }],
    probe: () => [{ id: nowhere(), direction: "up" }],
    answers: { redirect: /^\/admin\/offers\?result=failed$/ },
    refusedRedirect: /^\/admin\/offers\?result=failed$/,
    malformed: [[{ id: nowhere(), direction: "sideways" }]],
  },
  saveOffer: {
    level: "admin",
    canary: (w) => [{ title: `${MARK} курс`, slug: `${MARK}-kurs`, description_md: "", price: "4900", group_id: w.groupId, access_days: "", is_published: false }],
    probe: () => [{ id: nowhere(), title: `${MARK} курс`, slug: `${MARK}-kurs`, description_md: "", price: "4900,50", group_id: nowhere(), access_days: "30", is_published: true }],
    answers: NOT_FOUND,
    malformed: [
      [{ id: nowhere(), title: `${MARK} курс`, slug: `${MARK}-kurs`, description_md: "", price: "4900,505", group_id: nowhere(), access_days: "", is_published: true }],
      [{ id: nowhere(), title: `${MARK} курс`, slug: "Не адрес", description_md: "", price: "1", group_id: nowhere(), access_days: "0", is_published: true }],
    ],
  },
  deleteOffer: { level: "admin", canary: () => [nowhere()], probe: () => [nowhere()], answers: NOT_FOUND },
};

/** Generic malformed inputs: wrong types whole, a value that is not JSON, and each field of an object made wrong. */
function malformedOf(name: string, probe: unknown[]): unknown[][] {
  const [first, second] = probe;
  const cases: unknown[][] = [[null], [new Date(0)], [Number.NaN], [[first ?? null]], [10n]];
  // A state action's previous state is the form's own memory, not input: any value of it is taken (lib/actions/define.ts).
  if (second instanceof FormData) cases.push([first, null], [first, "x"], [first, { email: "x" }]);
  if (first instanceof FormData || second instanceof FormData) return [...cases, ...(ACTIONS[name].malformed ?? [])];
  if (typeof first === "object" && first !== null) {
    cases.push(["x"]);
    for (const key of Object.keys(first)) {
      cases.push([{ ...first, [key]: /(^id|Id|_id|ids|Ids)$/.test(key) ? "x" : 12345 }]);
    }
  } else {
    cases.push([{}], ["x"]);
  }
  return [...cases, ...(ACTIONS[name].malformed ?? [])];
}

/** The rows any of this could reach: the canaries whole, and anything carrying the run's marker. */
async function snapshot(world: World) {
  const { student, curator, admin, tool, moduleId, groupId } = world;
  return schoolRows({
    users: [student.id, curator.id, admin.id],
    toolId: tool.id,
    moduleId,
    groupId,
    marker: MARK,
    lessonIds: world.lessonIds,
    deliveryIds: [world.deliveryId],
  });
}

async function createWorld(): Promise<World> {
  const people = await createPeople({ student: "Канарейка Студентова", curator: "Канарейка Кураторова", admin: "Канарейка Админова" });
  const { student } = people;
  const tool = await createTool({
    blocks: ["Канареечный блок"],
    lessons: [
      { title: "Канареечный урок 1", order_index: 1, module: 0 },
      { title: "Канареечный урок 2", order_index: 2, module: 0 },
    ],
  });
  // Drafts: no other test's student sees them.
  await service.from("tech_tools").update({ is_published: false }).eq("id", tool.id);
  const lessonIds: [string, string] = [tool.lessonId("Канареечный урок 1"), tool.lessonId("Канареечный урок 2")];
  const { data: module } = await service.from("course_modules").insert({ title: unique("Канареечный модуль"), is_published: false, order_index: 900 }).select("id").single();
  const { data: group } = await service.from("groups").insert({ name: unique("Канареечная группа") }).select("id").single();
  await service.from("group_members").insert({ group_id: group!.id, user_id: student.id });
  await service.from("group_tool_access").insert({ group_id: group!.id, tool_id: tool.id, is_unlocked: true, is_visible: true });
  await setAccess("tool", student.id, tool.id, { is_unlocked: true, is_visible: true });
  await service.from("lesson_progress").insert({ user_id: student.id, lesson_id: lessonIds[0], completed_at: new Date(0).toISOString() });
  // A material's row (its bytes are not needed to refuse changing it).
  const { data: attachment } = await service
    .from("lesson_attachments")
    .insert({ lesson_id: lessonIds[0], object_path: `${lessonIds[0]}/${randomUUID()}.pdf`, file_name: "Канареечная тетрадь.pdf", size_bytes: 10, mime_type: "application/pdf" })
    .select("id")
    .single();
  // An unread notification of the student's, and a delivery the worker gave up on.
  const { data: notification } = await service.from("notifications").insert({ user_id: student.id, kind: "welcome" }).select("id").single();
  const { data: delivery } = await service
    .from("notification_deliveries")
    .update({ status: "failed", last_error: "канарейка" })
    .eq("notification_id", notification!.id)
    .eq("channel", "email")
    .select("id")
    .single();
  return {
    ...people,
    tool,
    lessonIds,
    blockId: tool.blocks[0].id,
    moduleId: module!.id,
    groupId: group!.id,
    attachmentId: attachment!.id,
    notificationId: notification!.id,
    deliveryId: delivery!.id,
  };
}

/** A caller of its own: own cookies, own address. */
async function caller(playwright: PlaywrightWorkerArgs["playwright"], role: Role, world: People, signIn: BuiltAction): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL: E2E_APP_URL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
  if (role === "anonymous") return api;
  const { email, password } = world[role];
  const answer = await callAction(api, signIn, [FIRST_STATE, formOf({ mode: "signIn", email, password })]);
  expect(answer.redirect, `${role} signs in`).toMatch(/^\/dashboard\?welcome=signed-in$/);
  return api;
}

/** What is wrong with an answer, or null. */
function problemWith(answer: ActionAnswer, expected: Expected | { refusal: string } | "clean", inputs: string[]): string | null {
  if (answer.status >= 500) return `status ${answer.status}: ${answer.text.slice(0, 200)}`;
  type Result = { ok?: boolean; error?: string; message?: string; fieldErrors?: Record<string, string> };
  // A form's state action answers with its next state, whose `result` is the action layer's answer.
  const answered = answer.value as (Result & { result?: Result }) | undefined;
  const value = answered && "answered" in answered ? (answered.result ?? undefined) : answered;
  const russian = (text: string | undefined) => (text === undefined ? "no message" : notRussian(text, inputs));
  if (expected === "clean") {
    if (answer.redirect) return null;
    if (!answer.found || value?.ok !== false) return `not refused: ${answer.status} ${JSON.stringify(value) ?? answer.text.slice(0, 100)}`;
    return russian(value.error) && `${russian(value.error)}: «${value.error}»`;
  }
  if ("redirect" in expected) return answer.redirect && expected.redirect.test(answer.redirect) ? null : `no redirect as expected: ${answer.status} ${answer.redirect}`;
  if (!answer.found) return `no answer from the action: ${answer.status} ${answer.redirect ?? ""} ${answer.text.slice(0, 100)}`;
  if ("refusal" in expected) return value?.ok === false && value.error === expected.refusal ? null : `expected «${expected.refusal}», got ${JSON.stringify(value)}`;
  if ("ok" in expected) return value?.ok === true ? null : `expected success, got ${JSON.stringify(value)}`;
  if (value?.ok !== false) return `expected a refusal, got ${JSON.stringify(value)}`;
  if ("notFound" in expected) return /не найден/.test(value.error ?? "") ? null : `expected «… не найден…», got «${value.error}»`;
  return expected.error.test(value.error ?? "") && !russian(value.error) ? null : `expected ${expected.error}, got «${value.error}»`;
}

/** The actions that end the caller's session: each is tried by every role on its own (below). */
const SIGN_OUTS = new Set(["signOutForm"]);

test.describe("roles", () => {
  test("every action × every role: allowed, or refused in Russian; nonexistent ids are «не найден»; malformed input is clean; nothing is written", async ({
    playwright,
  }) => {
    test.setTimeout(240_000);
    const actions = builtActions();
    expect(new Set(actions.keys()), "every built action has a row in the table, and every row an action").toEqual(new Set(Object.keys(ACTIONS)));
    const world = await createWorld();
    const signIn = actions.get("submitAuthForm")!;
    const apis = {} as Record<Role, APIRequestContext>;
    try {
      for (const role of ROLES) apis[role] = await caller(playwright, role, world, signIn);
      const before = await snapshot(world);
      const failures: string[] = [];
      let calls = 0;
      const check = async (role: Role, action: BuiltAction, args: unknown[], expected: Parameters<typeof problemWith>[1], label: string) => {
        // The auth forms reach Supabase Auth: each call comes from an address of its own, as a crowd would.
        const answer = await callAction(apis[role], action, args, ACTIONS[action.name].level === "anyone" ? { "x-forwarded-for": visitorAddress() } : {});
        calls++;
        const problem = problemWith(answer, expected, stringsIn(args));
        if (problem) failures.push(`${role} ${action.name} ${label}: ${problem}`);
      };

      for (const action of actions.values()) {
        if (SIGN_OUTS.has(action.name)) continue;
        const row = ACTIONS[action.name];
        await Promise.all(
          ROLES.map(async (role) => {
            const refusal = REFUSALS[row.level][role];
            if (refusal) {
              await check(role, action, row.canary(world), row.refusedRedirect ? { redirect: row.refusedRedirect } : { refusal }, "(the canaries)");
              return;
            }
            await check(role, action, row.probe(world), row.answers, "(rows that exist nowhere)");
            for (const [index, args] of malformedOf(action.name, row.probe(world)).entries()) {
              await check(role, action, args, "clean", `(malformed #${index})`);
            }
          }),
        );
      }
      console.log(`roles: ${calls} calls of ${actions.size} actions`);
      expect(failures, failures.join("\n")).toEqual([]);
      expect(await snapshot(world)).toEqual(before);
      // The callers' sessions lived through it.
      for (const role of ["student", "curator", "admin"] as const) {
        expect((await apis[role].get("/dashboard", { maxRedirects: 0 })).status(), `${role} still signed in`).toBe(200);
      }
    } finally {
      await Promise.all(Object.values(apis).map((api) => api.dispose()));
      await world.tool.remove();
      await service.from("course_modules").delete().eq("id", world.moduleId);
      await service.from("groups").delete().eq("id", world.groupId);
      await world.remove();
    }
  });

  test("signing out is for anyone, and ends the caller's own session", async ({ playwright }) => {
    const actions = builtActions();
    const people = await createPeople();
    try {
      for (const role of ROLES) {
        const api = await caller(playwright, role, people, actions.get("submitAuthForm")!);
        try {
          const malformed = await callAction(api, actions.get("signOutForm")!, [{ x: new Date(0) }]);
          expect(problemWith(malformed, "clean", []), role).toBeNull();
          const answer = await callAction(api, actions.get("signOutForm")!, [formOf({})]);
          expect(problemWith(answer, { redirect: /^\/\?welcome=signed-out$/ }, []), role).toBeNull();
          expect((await api.get("/dashboard", { maxRedirects: 0 })).status(), `${role} is signed out`).toBe(307);
        } finally {
          await api.dispose();
        }
      }
    } finally {
      await people.remove();
    }
  });

  test("the admin area is the admin's: a curator and a student are sent to /dashboard, a visitor to /", async ({ playwright }) => {
    const actions = builtActions();
    const people = await createPeople();
    const expected: Record<Role, string | null> = { anonymous: "/", student: "/dashboard", curator: "/dashboard", admin: null };
    try {
      for (const role of ROLES) {
        const api = await caller(playwright, role, people, actions.get("submitAuthForm")!);
        try {
          for (const path of ["/admin", "/admin/groups", "/admin/content"]) {
            const response = await api.get(path, { maxRedirects: 0 });
            if (expected[role] === null) expect(response.status(), `${role} ${path}`).toBe(200);
            else expect(response.headers()["location"], `${role} ${path}`).toBe(expected[role]);
          }
        } finally {
          await api.dispose();
        }
      }
    } finally {
      await people.remove();
    }
  });
});
