import { describe, expect, it, vi } from "vitest";
import type { SessionState } from "@/lib/supabase/session";
import { z } from "@/lib/validation/zod";
import { createActionLayer, formFields, isPlainData, type ActionDeps } from "./define";
import { DatabaseError, MESSAGES, Refusal } from "./errors";
import { ok } from "./result";

const user = (role: "student" | "curator" | "admin"): SessionState => ({
  kind: "user",
  user: { id: `${role}-id`, email: `${role}@example.com`, role },
  accessToken: "token",
});

class Redirect extends Error {
  constructor(readonly path: string) {
    super(`NEXT_REDIRECT ${path}`);
  }
}

/** The layer with a session of our choosing and everything it asks of Next recorded. */
function layer(session: SessionState, live = true) {
  const deps = {
    getSession: vi.fn(async () => session),
    sessionIsLive: vi.fn(async () => live),
    dataClient: vi.fn(async () => "data client"),
    rethrow: vi.fn((thrown: unknown) => {
      if (thrown instanceof Redirect) throw thrown;
    }),
    redirect: vi.fn((path: string): never => {
      throw new Redirect(path);
    }),
    log: vi.fn(),
  } satisfies ActionDeps<string>;
  return { deps, ...createActionLayer(deps) };
}

const schema = z.object({ id: z.uuid(), name: z.string().trim().min(1, "Введите название") });
const ID = "0b6a6d0e-1f7e-4c4e-9a55-2a8f0f1e0b11";

describe("who may call an action", () => {
  const cases: [SessionState, "student" | "admin", string | null][] = [
    [{ kind: "anonymous" }, "student", MESSAGES.signIn],
    [{ kind: "anonymous" }, "admin", MESSAGES.signIn],
    [{ kind: "unavailable" }, "student", MESSAGES.unavailable],
    [user("student"), "student", null],
    [user("student"), "admin", MESSAGES.noRights],
    [user("curator"), "student", null],
    [user("curator"), "admin", MESSAGES.noRights],
    [user("admin"), "student", null],
    [user("admin"), "admin", null],
  ];
  it.each(cases)("%o calling a %s action: %s", async (session, role, refusal) => {
    const { defineAction } = layer(session);
    const handler = vi.fn(async () => ok("done"));
    const answer = await defineAction({ role, schema }, handler)({ id: ID, name: "Поток" });
    if (refusal) {
      expect(answer).toEqual({ ok: false, error: refusal });
      expect(handler).not.toHaveBeenCalled();
    } else {
      expect(answer).toEqual({ ok: true, data: "done" });
    }
  });

  it("an action for anyone asks nothing of the session, and gets its data only", async () => {
    const { defineAction, deps } = layer({ kind: "unavailable" });
    const handler = vi.fn(async (context: object) => ok(Object.keys(context)));
    expect(await defineAction({ role: "anyone", schema }, handler)({ id: ID, name: "x" })).toEqual({ ok: true, data: ["data"] });
    expect(deps.getSession).not.toHaveBeenCalled();
    expect(deps.sessionIsLive).not.toHaveBeenCalled();
  });
});

describe("what reaches the handler", () => {
  it("is the parsed data, the user and their data client", async () => {
    const { defineAction } = layer(user("admin"));
    const handler = vi.fn(async () => ok());
    await defineAction({ role: "admin", schema }, handler)({ id: ID, name: "  Поток  ", extra: 1 } as never);
    expect(handler).toHaveBeenCalledWith({ data: { id: ID, name: "Поток" }, user: { id: "admin-id", email: "admin@example.com", role: "admin" }, supabase: "data client" });
  });

  it("never input that fails the schema: the first message and one per field", async () => {
    const { defineAction, deps } = layer(user("admin"));
    const handler = vi.fn(async () => ok());
    const answer = await defineAction({ role: "admin", schema }, handler)({ id: "x", name: " " });
    expect(answer).toEqual({ ok: false, error: "Неверный идентификатор", fieldErrors: { id: "Неверный идентификатор", name: "Введите название" } });
    expect(handler).not.toHaveBeenCalled();
    expect(deps.sessionIsLive).not.toHaveBeenCalled();
  });

  it("a whole input of the wrong type is the form's error", async () => {
    const { defineAction } = layer(user("student"));
    expect(await defineAction({ role: "student", schema }, async () => ok())("x" as never)).toEqual({
      ok: false,
      error: "Нужен набор полей",
      fieldErrors: { form: "Нужен набор полей" },
    });
  });

  it.each([
    ["a Date", new Date(0)],
    ["a BigInt", 10n],
    ["NaN", NaN],
    ["Infinity", -Infinity],
    ["a nested Date", { id: ID, name: new Date(0) }],
    ["a FormData", new FormData()],
    ["a Map", new Map()],
    ["a class instance", new (class Thing {})()],
    ["a function", () => 1],
    ["a symbol", Symbol("x")],
    ["a deep nest", JSON.parse(`${"[".repeat(40)}${"]".repeat(40)}`)],
  ])("never %s: refused before parsing or asking who calls", async (_label, input) => {
    const { defineAction, deps } = layer(user("admin"));
    const parse = vi.spyOn(schema, "safeParse");
    const handler = vi.fn(async () => ok());
    expect(await defineAction({ role: "admin", schema }, handler)(input as never)).toEqual({ ok: false, error: MESSAGES.malformed });
    expect(parse).not.toHaveBeenCalled();
    expect(deps.getSession).not.toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();
    parse.mockRestore();
  });
});

describe("a write", () => {
  it("asks Supabase Auth whether the session is live, and stops when it is not", async () => {
    const { defineAction, deps } = layer(user("student"), false);
    const handler = vi.fn(async () => ok());
    expect(await defineAction({ role: "student", schema }, handler)({ id: ID, name: "x" })).toEqual({ ok: false, error: MESSAGES.sessionEnded });
    expect(deps.sessionIsLive).toHaveBeenCalledOnce();
    expect(handler).not.toHaveBeenCalled();
  });

  it("a read does not ask", async () => {
    const { defineAction, deps } = layer(user("student"), false);
    expect(await defineAction({ role: "student", schema, write: false }, async () => ok(1))({ id: ID, name: "x" })).toEqual({ ok: true, data: 1 });
    expect(deps.sessionIsLive).not.toHaveBeenCalled();
  });
});

describe("failures", () => {
  const run = async (thrown: unknown, failure?: string) => {
    const { defineAction, deps } = layer(user("admin"));
    const answer = await defineAction({ role: "admin", schema, failure }, async () => {
      throw thrown;
    })({ id: ID, name: "x" });
    return { answer, logged: deps.log.mock.calls.length > 0 };
  };

  it("a refusal from below answers its words, unlogged", async () => {
    expect(await run(new Refusal("Группа не найдена"))).toEqual({ answer: { ok: false, error: "Группа не найдена" }, logged: false });
  });

  it("a database error answers from the table, on its field; a fault is logged", async () => {
    const failure = new DatabaseError({ code: "23505", message: 'duplicate key value violates unique constraint "groups_name_key"' });
    expect(await run(failure)).toEqual({
      answer: { ok: false, error: "Группа с таким названием уже есть", fieldErrors: { name: "Группа с таким названием уже есть" } },
      logged: false,
    });
    expect(await run(new DatabaseError({ code: "XX000", message: "internal error" }), "Не удалось изменить доступ")).toEqual({
      answer: { ok: false, error: "Не удалось изменить доступ" },
      logged: true,
    });
  });

  it("anything else answers the action's own words (or the default), and is logged, never thrown", async () => {
    expect(await run(new Error("boom"), "Не удалось изменить доступ")).toEqual({ answer: { ok: false, error: "Не удалось изменить доступ" }, logged: true });
    expect(await run(undefined)).toEqual({ answer: { ok: false, error: MESSAGES.failed }, logged: true });
  });

  it("the session failing to answer is a failure too", async () => {
    const { defineAction, deps } = layer(user("admin"));
    deps.getSession.mockRejectedValueOnce(new Error("cookies() outside a request"));
    expect(await defineAction({ role: "admin", schema }, async () => ok())({ id: ID, name: "x" })).toEqual({ ok: false, error: MESSAGES.failed });
  });

  it("Next's redirect passes through", async () => {
    const { defineAction } = layer(user("admin"));
    const action = defineAction({ role: "admin", schema }, async () => {
      throw new Redirect("/admin");
    });
    await expect(action({ id: ID, name: "x" })).rejects.toThrow(Redirect);
  });
});

describe("a form action", () => {
  it("takes the form's text fields and ends in the handler's redirect", async () => {
    const { defineFormAction } = layer({ kind: "anonymous" });
    const form = new FormData();
    form.append("id", ID);
    form.append("name", "Поток");
    form.append("name", "second");
    const handler = vi.fn(async ({ data }: { data: { name: string } }): Promise<never> => {
      throw new Redirect(`/done/${data.name}`);
    });
    await expect(defineFormAction({ role: "anyone", schema, refused: "/refused" }, handler)(form)).rejects.toMatchObject({ path: "/done/Поток" });
  });

  it("a refused post goes to its `refused` address", async () => {
    const { defineFormAction } = layer({ kind: "anonymous" });
    const handler = vi.fn(async (): Promise<never> => {
      throw new Redirect("/done");
    });
    const action = defineFormAction({ role: "anyone", schema, refused: "/refused" }, handler);
    const withFile = new FormData();
    withFile.append("id", new Blob(["x"]), "x.txt");
    for (const form of [new FormData(), withFile]) await expect(action(form)).rejects.toMatchObject({ path: "/refused" });
    expect(handler).not.toHaveBeenCalled();
  });

  it("a bound action's input is the bound value, and its role is checked", async () => {
    const { defineFormAction } = layer(user("student"));
    const handler = vi.fn(async ({ data }: { data: string }): Promise<never> => {
      throw new Redirect(`/student/${data}`);
    });
    const forAnyone = defineFormAction({ role: "anyone", schema: z.uuid(), bound: true, refused: "/refused" }, handler);
    await expect(forAnyone.bind(null, ID)(new FormData())).rejects.toMatchObject({ path: `/student/${ID}` });
    const forAdmins = defineFormAction({ role: "admin", schema: z.uuid(), bound: true, refused: "/refused" }, handler);
    await expect(forAdmins(ID, new FormData())).rejects.toMatchObject({ path: "/refused" });
  });
});

describe("a form's state action (useActionState)", () => {
  const post = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  };

  it("answers with the result, the fields it shows again and one more answer", async () => {
    const { defineStateAction } = layer({ kind: "anonymous" });
    const action = defineStateAction({ role: "anyone", schema, shown: ["name"] }, async ({ data }) => ok(data.name.length));
    const answer = await action({ result: null, fields: {}, answered: 2 }, post({ id: ID, name: " Поток ", secret: "x" }));
    expect(answer).toEqual({ result: { ok: true, data: 5 }, fields: { name: " Поток " }, answered: 3 });
  });

  it("a refusal keeps only the shown fields, never another (a password)", async () => {
    const { defineStateAction } = layer({ kind: "anonymous" });
    const handler = vi.fn(async () => ok());
    const action = defineStateAction({ role: "anyone", schema, shown: ["id"] }, handler);
    const answer = await action({ result: null, fields: {}, answered: 0 }, post({ id: "not an id", name: "hunter2" }));
    expect(answer.result).toMatchObject({ ok: false, fieldErrors: { id: expect.any(String) } });
    expect(answer.fields).toEqual({ id: "not an id" });
    expect(handler).not.toHaveBeenCalled();
  });

  it("React's own fields of a form posted after hydration are not the form's: a strict schema takes the rest", async () => {
    const { defineStateAction } = layer({ kind: "anonymous" });
    const strict = z.strictObject({ email: z.string() });
    const action = defineStateAction({ role: "anyone", schema: strict, shown: ["email"] }, async ({ data }) => ok(data.email));
    const posted = post({ $ACTION_REF_1: "", "$ACTION_1:0": '{"id":"x","bound":"$@1"}', "$ACTION_1:1": "[]", $ACTION_KEY: "k1", email: "anna@example.com" });
    expect((await action({ result: null, fields: {}, answered: 0 }, posted)).result).toEqual({ ok: true, data: "anna@example.com" });
  });

  it("a handler's redirect passes through; a role it does not admit is refused", async () => {
    const { defineStateAction } = layer(user("student"));
    const redirecting = defineStateAction({ role: "student", schema, shown: [] }, async (): Promise<never> => {
      throw new Redirect("/dashboard");
    });
    await expect(redirecting({ result: null, fields: {}, answered: 0 }, post({ id: ID, name: "x" }))).rejects.toMatchObject({ path: "/dashboard" });
    const forAdmins = defineStateAction({ role: "admin", schema, shown: [] }, async () => ok());
    expect((await forAdmins({ result: null, fields: {}, answered: 0 }, post({ id: ID, name: "x" }))).result).toEqual({ ok: false, error: MESSAGES.noRights });
  });
});

describe("plain data", () => {
  it("is JSON's values and undefined", () => {
    for (const value of [null, undefined, "", "x", 0, -0, 1.5, true, [], [1, "a", null], {}, { a: { b: [undefined] } }, Object.create(null)]) {
      expect(isPlainData(value), JSON.stringify(value)).toBe(true);
    }
  });

  it("a form's fields keep their names as data, `__proto__` included", () => {
    const form = new FormData();
    form.append("__proto__", "x");
    form.append("next", "/dashboard");
    const fields = formFields(form) as Record<string, unknown>;
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.keys(fields)).toEqual(["__proto__", "next"]);
  });
});
