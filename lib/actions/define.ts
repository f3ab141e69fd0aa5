import type { z } from "zod";
import type { SessionState, SessionUser } from "@/lib/supabase/session";
import { describeThrown, MESSAGES } from "./errors";
import type { FormState } from "./form-state";
import { fail, type ActionResult } from "./result";
import { admits, type ActionRole } from "./roles";

/**
 * The action layer, apart from Next: what it needs of a request comes in as `ActionDeps`
 * (lib/actions/index.ts passes the real ones; the tests pass their own).
 */
export interface ActionDeps<Client> {
  /** Who is asking (lib/supabase/server.ts). */
  getSession(): Promise<SessionState>;
  /** Whether Supabase Auth still knows the session: asked before every write. */
  sessionIsLive(): Promise<boolean>;
  /** The signed-in user's data client. */
  dataClient(): Promise<Client>;
  /** Throws Next's own control flow (a redirect()) on, whatever else is caught: `unstable_rethrow`. */
  rethrow(thrown: unknown): void;
  /** Next's redirect(), for a form posted without its script. */
  redirect(path: string): never;
  log(message: string, thrown: unknown): void;
}

export interface ActionOptions<R extends ActionRole, S extends z.ZodType> {
  /** Who may call it (lib/actions/roles.ts). */
  role: R;
  /** Its input; nothing else reaches the handler. */
  schema: S;
  /** A write (the default) first asks Supabase Auth whether the session still exists; a read trusts the verified token. */
  write?: boolean;
  /** What a failure the error table does not name answers (default «Не удалось сохранить изменения»). */
  failure?: string;
}

export interface StateActionOptions<R extends ActionRole, S extends z.ZodType> extends ActionOptions<R, S> {
  /** The posted fields the form shows again with the answer (its HTML has no other memory of them). */
  shown: readonly string[];
}

export interface FormActionOptions<R extends ActionRole, S extends z.ZodType, B extends boolean> extends ActionOptions<R, S> {
  /** Where a refused or failed post goes: a form posted without its script shows no answer. */
  refused: string;
  /** The input is the value bound to the action (`action.bind(null, value)`), not the form's fields. */
  bound?: B;
}

/** What a handler gets: its parsed input, and for a signed-in caller who they are and their data client. */
export type ActionContext<R extends ActionRole, Data, Client> = R extends "anyone"
  ? { data: Data }
  : { data: Data; user: SessionUser; supabase: Client };

type Arguments<Input> = undefined extends Input ? [input?: Input] : [input: Input];

export type FormAction<Input, B extends boolean> = B extends true
  ? (value: Input, formData?: FormData) => Promise<void>
  : (formData: FormData) => Promise<void>;

/** How deep a form's data may nest: far deeper than any form of ours. */
const DEPTH_LIMIT = 32;

/**
 * JSON's values, and `undefined` (React sends it for an empty optional field): what our forms send.
 * Dates, big integers, NaN, files and anything with a prototype of its own are refused unread.
 */
export function isPlainData(value: unknown, depth = 0): boolean {
  if (depth > DEPTH_LIMIT) return false;
  if (value === null || value === undefined || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
  if (typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  return Object.values(value).every((item) => isPlainData(item, depth + 1));
}

/**
 * React's hidden fields in a form whose action is a server action (`$ACTION_REF_1`, `$ACTION_1:0`,
 * `$ACTION_KEY`): rendered for the browser's own post before the script, they stay in the page after
 * hydration and come with React's post too. They name the action, not the form's data.
 */
const REACT_FORM_FIELD = /^\$ACTION_/;

/** A form's text fields as plain data (the first of a repeated name; React's own left out); a form with a file stays a FormData, which is refused. */
export function formFields(form: unknown): unknown {
  if (!(form instanceof FormData)) return form;
  const fields = new Map<string, string>();
  for (const [name, value] of form) {
    if (typeof value !== "string") return form;
    if (!fields.has(name) && !REACT_FORM_FIELD.test(name)) fields.set(name, value);
  }
  return Object.fromEntries(fields);
}

function shownFields(input: unknown, shown: readonly string[]): Record<string, string> {
  if (typeof input !== "object" || input === null || input instanceof FormData) return {};
  const fields: Record<string, string> = {};
  for (const name of shown) {
    const value = (input as Record<string, unknown>)[name];
    if (typeof value === "string") fields[name] = value;
  }
  return fields;
}

/** A schema's refusal: the first message for the toast, and the first per field (`form` for the whole input). */
function invalid(error: z.ZodError): ActionResult<never> {
  const fieldErrors = new Map<string, string>();
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "form";
    if (!fieldErrors.has(field)) fieldErrors.set(field, issue.message);
  }
  return fail(error.issues[0]?.message ?? MESSAGES.invalid, Object.fromEntries(fieldErrors));
}

export function createActionLayer<Client>(deps: ActionDeps<Client>) {
  /** Authenticates, authorises, parses, checks the session is live for a write, runs. */
  async function steps<R extends ActionRole, S extends z.ZodType, T>(
    options: ActionOptions<R, S>,
    handler: (context: ActionContext<R, z.output<S>, Client>) => Promise<ActionResult<T>>,
    input: unknown,
  ): Promise<ActionResult<T>> {
    if (!isPlainData(input)) return fail(MESSAGES.malformed);
    if (options.role === "anyone") {
      const parsed = options.schema.safeParse(input);
      if (!parsed.success) return invalid(parsed.error);
      return handler({ data: parsed.data } as ActionContext<R, z.output<S>, Client>);
    }
    const session = await deps.getSession();
    if (session.kind === "unavailable") return fail(MESSAGES.unavailable);
    if (session.kind === "anonymous") return fail(MESSAGES.signIn);
    if (!admits(options.role, session.user.role)) return fail(MESSAGES.noRights);
    const parsed = options.schema.safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    if (options.write !== false && !(await deps.sessionIsLive())) return fail(MESSAGES.sessionEnded);
    const context = { data: parsed.data, user: session.user, supabase: await deps.dataClient() };
    return handler(context as ActionContext<R, z.output<S>, Client>);
  }

  /** Never throws to React (a 500): a failure is logged and answered in Russian; only Next's redirects pass. */
  async function run<R extends ActionRole, S extends z.ZodType, T>(
    options: ActionOptions<R, S>,
    handler: (context: ActionContext<R, z.output<S>, Client>) => Promise<ActionResult<T>>,
    input: unknown,
  ): Promise<ActionResult<T>> {
    try {
      return await steps(options, handler, input);
    } catch (thrown) {
      deps.rethrow(thrown);
      const { error, fieldErrors, log } = describeThrown(thrown, options.failure ?? MESSAGES.failed);
      if (log) deps.log("server action failed:", thrown);
      return fail(error, fieldErrors);
    }
  }

  /**
   * A server action called from a client component:
   * `export const saveGroup = defineAction({ role: "admin", schema }, async ({ data, supabase }) => ok(…))`.
   * The handler answers with `ok(data, message?)` or `fail(message)`, or throws a `Refusal` or a
   * `DatabaseError` (lib/mutations does) for the error table to put in Russian.
   */
  function defineAction<R extends ActionRole, S extends z.ZodType, T>(
    options: ActionOptions<R, S>,
    handler: (context: ActionContext<R, z.output<S>, Client>) => Promise<ActionResult<T>>,
  ): (...args: Arguments<z.input<S>>) => Promise<ActionResult<T>> {
    return async (...args) => run(options, handler, args[0]);
  }

  /**
   * A `<form action>` that works without JavaScript: its input is the form's text fields (or the
   * bound value), its handler ends in a redirect, and a refusal or failure redirects to `refused`.
   */
  function defineFormAction<R extends ActionRole, S extends z.ZodType, B extends boolean = false>(
    options: FormActionOptions<R, S, B>,
    handler: (context: ActionContext<R, z.output<S>, Client>) => Promise<never>,
  ): FormAction<z.input<S>, B> {
    const formAction = async (...args: unknown[]) => {
      const result = await run(options, handler, options.bound ? args[0] : formFields(args[0]));
      if (!result.ok) deps.redirect(options.refused);
    };
    return formAction as FormAction<z.input<S>, B>;
  }

  /**
   * A form's action for `useActionState(action, initialFormState())`, posted by the browser before
   * the form's script arrives and by React after: its input is the form's text fields, its answer
   * the form's next state (lib/actions/form-state.ts). A handler may end in a redirect.
   */
  function defineStateAction<R extends ActionRole, S extends z.ZodType, T>(
    options: StateActionOptions<R, S>,
    handler: (context: ActionContext<R, z.output<S>, Client>) => Promise<ActionResult<T>>,
  ): (previous: FormState<T>, formData: FormData) => Promise<FormState<T>> {
    return async (previous, formData) => {
      const input = formFields(formData);
      const result = await run(options, handler, input);
      // The previous state comes from the client like the fields: a count that is not one starts again.
      const answered = typeof previous?.answered === "number" && Number.isSafeInteger(previous.answered) ? previous.answered : 0;
      return { result, fields: shownFields(input, options.shown), answered: answered + 1 };
    };
  }

  return { defineAction, defineFormAction, defineStateAction };
}
