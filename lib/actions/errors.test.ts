import { describe, expect, it } from "vitest";
import { DatabaseError, describeDatabaseError, describeThrown, MESSAGES, Refusal } from "./errors";

const unique = (constraint: string) => ({ code: "23505", message: `duplicate key value violates unique constraint "${constraint}"` });
const foreignKey = (table: string, constraint: string) => ({
  code: "23503",
  message: `insert or update on table "${table}" violates foreign key constraint "${constraint}"`,
});

describe("describeDatabaseError", () => {
  it("names what is not unique, on the field it concerns", () => {
    expect(describeDatabaseError(unique("tech_tools_name_key"))).toEqual({ error: "Инструмент с таким названием уже есть", field: "name" });
    expect(describeDatabaseError(unique("groups_name_key"))).toEqual({ error: "Группа с таким названием уже есть", field: "name" });
    expect(describeDatabaseError(unique("something_else_key"))).toEqual({ error: "Такая запись уже есть" });
  });

  it("names what a foreign key did not find", () => {
    expect(describeDatabaseError(foreignKey("tool_access", "tool_access_user_id_fkey")).error).toBe("Студент не найден");
    expect(describeDatabaseError(foreignKey("tool_access", "tool_access_tool_id_fkey")).error).toBe("Инструмент не найден");
    expect(describeDatabaseError(foreignKey("module_access", "module_access_module_id_fkey")).error).toBe("Модуль не найден");
    expect(describeDatabaseError(foreignKey("group_lesson_access", "group_lesson_access_lesson_id_fkey")).error).toBe("Урок не найден");
    expect(describeDatabaseError(foreignKey("group_members", "group_members_group_id_fkey")).error).toBe("Группа не найдена");
    expect(describeDatabaseError(foreignKey("offers", "offers_group_id_fkey")).error).toBe(
      "Эту группу продаёт предложение: сначала удалите его или выберите ему другую группу",
    );
    expect(describeDatabaseError(foreignKey("lessons", "lessons_tool_id_fkey")).error).toBe(
      "Раздел, к которому относится элемент, удалён — обновите страницу",
    );
    expect(describeDatabaseError(foreignKey("x", "x_y_fkey")).error).toMatch(/^Связанная запись не найдена/);
  });

  it("puts a function's hint first", () => {
    const stale = { code: "P0001", message: "the list changed, reload it", hint: "stale_list" };
    expect(describeDatabaseError(stale)).toEqual({ error: "Список изменился — обновите страницу и попробуйте снова" });
  });

  it("answers by code: Postgres's SQLSTATE and PostgREST's PGRST", () => {
    expect(describeDatabaseError({ code: "42501", message: "new row violates row-level security policy" }).error).toBe("Недостаточно прав");
    expect(describeDatabaseError({ code: "PGRST116", message: "JSON object requested, multiple (or no) rows returned" }).error).toMatch(/^Не найдено/);
    expect(describeDatabaseError({ code: "P0002", message: "no rows" }).error).toMatch(/^Не найдено/);
    expect(describeDatabaseError({ code: "22P02", message: 'invalid input syntax for type uuid: "x"' }).error).toBe("Неверный формат данных");
    expect(describeDatabaseError({ code: "23514", message: 'new row violates check constraint "no_such_check"' }).error).toBe("Значение не прошло проверку");
    expect(describeDatabaseError({ code: "PGRST301", message: "JWT expired" }).error).toBe(MESSAGES.sessionEnded);
    expect(describeDatabaseError({ code: "PGRST002", message: "Could not query the database for the schema cache" }).error).toBe(MESSAGES.unavailable);
  });

  it("names a check on the field it concerns", () => {
    const dates = { code: "23514", message: 'new row for relation "group_tool_access" violates check constraint "group_tool_access_dates"' };
    expect(describeDatabaseError(dates)).toEqual({ error: "Доступ должен закрываться позже, чем открывается", field: "expires_at" });
  });

  it("falls back to the action's own words for anything it does not know", () => {
    expect(describeDatabaseError({ code: "XX000", message: "internal error" }).error).toBe(MESSAGES.failed);
    expect(describeDatabaseError({ message: "no code at all" }, "Не удалось изменить доступ").error).toBe("Не удалось изменить доступ");
  });

  it("reads only its own entries, whatever a message or a code says", () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(describeDatabaseError({ code: name, message: `violates constraint "${name}"`, hint: name }).error).toBe(MESSAGES.failed);
    }
  });

  it("speaks Russian for every code it knows", () => {
    const codes = ["23505", "23503", "23502", "23514", "22P02", "22001", "22003", "22007", "22008", "22023", "42501", "P0002", "PGRST116", "PGRST301", "57014", "40001", "40P01", "PGRST000"];
    for (const code of codes) expect(describeDatabaseError({ code, message: "" }).error, code).toMatch(/^[\p{Script=Cyrillic}]/u);
  });
});

describe("describeThrown", () => {
  it("passes a refusal's words and fields on, unlogged", () => {
    expect(describeThrown(new Refusal("Группа не найдена"), "x")).toEqual({ error: "Группа не найдена", fieldErrors: undefined, log: false });
    expect(describeThrown(new Refusal("Это не e-mail", { emails: "Это не e-mail" }), "x")).toMatchObject({ fieldErrors: { emails: "Это не e-mail" } });
  });

  it("puts a database error in Russian, on its field; what a constraint names is an answer, not a fault for the log", () => {
    expect(describeThrown(new DatabaseError(unique("groups_name_key")), "x")).toEqual({
      error: "Группа с таким названием уже есть",
      fieldErrors: { name: "Группа с таким названием уже есть" },
      log: false,
    });
    expect(describeThrown(new DatabaseError({ code: "42501", message: "new row violates row-level security policy" }), "x")).toEqual({
      error: "Недостаточно прав",
      log: true,
    });
  });

  it("answers anything else with the fallback, and logs it", () => {
    expect(describeThrown(new TypeError("fetch failed"), "Не удалось сохранить отметку")).toEqual({ error: "Не удалось сохранить отметку", log: true });
    expect(describeThrown("a string", "Ошибка")).toEqual({ error: "Ошибка", log: true });
  });
});
