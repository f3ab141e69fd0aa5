import { describe, expect, it } from "vitest";
import * as access from "./access";
import * as auth from "./auth";
import * as content from "./content";
import * as groups from "./groups";
import { z } from "./zod";

/** Every issue any shared schema can produce is in Russian, whatever type of value it is sent. */

const uuid = (n: number) => `a0000000-0000-4000-8000-00000000000${n}`;

/** A valid input of each exported schema: the base each field's wrong value is put into. */
const VALID: Record<string, unknown> = {
  setAccessSchema: { kind: "lesson", studentId: uuid(1), itemId: uuid(2), field: "is_visible", value: false },
  setAllAccessSchema: { kind: "tool", studentId: uuid(1), itemIds: [uuid(2)], field: "is_unlocked", value: true },
  signUpSchema: { fullName: "Анна", email: "anna@example.com", password: "password1", privacyConsent: "on" },
  signInSchema: { email: "anna@example.com", password: "x" },
  recoverySchema: { email: "anna@example.com" },
  recoveryCodeSchema: { email: "anna@example.com", code: "012345" },
  newPasswordSchema: { password: "newpass123", confirmation: "newpass123" },
  courseModuleSchema: { id: uuid(1), title: "Модуль", description: "", is_published: false },
  toolSchema: { name: "Figma", description: "Описание", is_published: true },
  blockSchema: { tool_id: uuid(1), name: "Блок", description: "", is_published: true },
  lessonParentSchema: `block:${uuid(1)}:${uuid(2)}`,
  videoFieldSchema: "https://youtu.be/dQw4w9WgXcQ?t=90",
  lessonSchema: { parent: `tool:${uuid(1)}`, title: "Урок", description: "", video: "", body_md: "# Текст", is_published: false },
  lessonBodyPreviewSchema: { body_md: "**Текст** урока" },
  reorderSchema: { kind: "lesson", ids: [uuid(1), uuid(2)] },
  contentRefSchema: { kind: "block", id: uuid(1) },
  deletionImpactSchema: { lessons: 1, blocks: 0, access_records: 2 },
  groupNameSchema: { name: "Поток: январь 2027" },
  memberEmailsSchema: { groupId: uuid(1), emails: "anna@example.com" },
  memberSchema: { groupId: uuid(1), userId: uuid(2) },
  grantSchema: { groupId: uuid(1), kind: "module", itemId: uuid(2), is_unlocked: true, is_visible: true, unlock_at: "2027-01-12T10:00", expires_at: "" },
  grantRefSchema: { groupId: uuid(1), kind: "lesson", itemId: uuid(2) },
  bulkGrantSchema: { groupId: uuid(1), kind: "tool", itemIds: [uuid(2)], is_unlocked: false },
  undoBulkGrantSchema: { groupId: uuid(1), kind: "tool", drop: [uuid(2)], unlocked: [], locked: [uuid(3)] },
  "studioItemSchema(course_module)": { name: "Модуль", description: "", is_published: true },
  "studioItemSchema(tool)": { name: "Figma", description: "", is_published: true },
  "studioItemSchema(block)": { name: "Блок", description: "", is_published: true },
};

const isSchema = (value: unknown): value is z.ZodType => typeof value === "object" && value !== null && "safeParse" in value && "_zod" in value;

const SCHEMAS: [string, z.ZodType][] = [
  ...[access, auth, content, groups].flatMap((module) => Object.entries(module).filter((entry): entry is [string, z.ZodType] => isSchema(entry[1]))),
  ...(["course_module", "tool", "block"] as const).map((kind): [string, z.ZodType] => [`studioItemSchema(${kind})`, content.studioItemSchema(kind)]),
];

const WRONG: unknown[] = [
  0,
  42,
  -1.5,
  NaN,
  Infinity,
  10n,
  true,
  false,
  null,
  undefined,
  {},
  { toString: "x", __proto__: { a: 1 } },
  [],
  [1, "a", null, {}],
  Array.from({ length: 6000 }, () => uuid(1)),
  "",
  "   ",
  "x".repeat(1_000_000),
  "я".repeat(100_000),
  new Date(0),
  Symbol("s"),
  () => 1,
];

/** zod's English defaults, and the type names its own `ru` locale leaves in English. */
const ENGLISH = /\b(invalid|expected|received|input|required|must|string|number|boolean|object|array|undefined|null|nan|bigint|symbol|function|date|instanceof|option|keys?|characters?|items?|too)\b/i;

function inputs(name: string, schema: z.ZodType): unknown[] {
  const valid = VALID[name];
  const wrongFields =
    schema instanceof z.ZodObject && valid && typeof valid === "object"
      ? Object.keys(schema.shape).flatMap((key) => {
          const withoutKey: Record<string, unknown> = { ...valid };
          delete withoutKey[key];
          return [withoutKey, ...WRONG.map((value) => ({ ...valid, [key]: value }))];
        })
      : [];
  return [...WRONG, ...wrongFields];
}

describe("every shared schema speaks Russian", () => {
  it("has a valid example for each exported schema", () => {
    expect(SCHEMAS.map(([name]) => name).sort()).toEqual(Object.keys(VALID).sort());
    for (const [name, schema] of SCHEMAS) expect(schema.safeParse(VALID[name]).error?.issues, name).toBeUndefined();
  });

  it.each(SCHEMAS)("%s: every issue for wrong-typed input is Russian", (name, schema) => {
    let checked = 0;
    for (const input of inputs(name, schema)) {
      // Some of these fit a field (text in a text field, no id for a new item): only issues are checked.
      for (const issue of schema.safeParse(input).error?.issues ?? []) {
        checked++;
        const where = `${name} ${JSON.stringify(issue.path)}: ${issue.message.slice(0, 200)}`;
        expect(issue.message, where).toMatch(/[а-яё]/i);
        expect(issue.message, where).not.toMatch(ENGLISH);
        expect(issue.message.length, where).toBeLessThanOrEqual(300);
      }
    }
    expect(checked).toBeGreaterThan(WRONG.length / 2);
  });

  it.each([
    [z.string(), 42, "Нужен текст"],
    [z.string(), undefined, "Заполните обязательное поле"],
    [z.object({ a: z.string() }), {}, "Заполните обязательное поле"],
    [z.number(), "1", "Нужно число"],
    [z.boolean(), "true", "Нужно значение «да» или «нет»"],
    [z.array(z.string()), {}, "Нужен список"],
    [z.object({}), [], "Нужен набор полей"],
    [z.enum(["a", "b"]), "c", "Выберите одно из допустимых значений"],
    [z.literal(true), false, "Выберите одно из допустимых значений"],
    [z.string().max(1), "ab", "Не длиннее 1 символа"],
    [z.string().max(3), "abcd", "Не длиннее 3 символов"],
    [z.string().max(200), "a".repeat(201), "Не длиннее 200 символов"],
    [z.string().min(1), "", "Заполните поле"],
    [z.string().min(8), "a", "Не короче 8 символов"],
    [z.array(z.string()).min(1), [], "Выберите хотя бы 1 элемент"],
    [z.array(z.string()).max(2), ["a", "b", "c"], "Не больше 2 элементов"],
    [z.number().max(5), 6, "Не больше 5"],
    [z.number().min(5), 4, "Не меньше 5"],
    [z.email(), "a@", "Неверный формат email"],
    [z.uuid(), "1 or 1=1", "Неверный идентификатор"],
    [z.url(), "not a url", "Неверная ссылка"],
    [z.string().regex(/^a$/), "b", "Неверный формат"],
    [z.strictObject({}), { secret: 1 }, "Лишние поля в данных"],
    [z.union([z.string(), z.number()]), true, "Неверное значение"],
  ])("%#: says «%s» for %j", (schema, input, message) => {
    expect(schema.safeParse(input).error?.issues[0].message).toBe(message);
  });

  it("keeps a schema's own message", () => {
    expect(content.blockSchema.safeParse({ ...(VALID.blockSchema as object), tool_id: 42 }).error?.issues[0].message).toBe("Выберите инструмент");
  });
});
