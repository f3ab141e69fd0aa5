import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalBackend } from "../server";
import { anonClient, serviceClient, signedIn, startTestBackend, uniqueEmail } from "./harness";

/**
 * The Password Verification Attempt Hook as Supabase Auth calls it (token.go's
 * ResourceOwnerPasswordGrant, v0hooks' PasswordVerificationAttemptInput/Output, hookspgfunc):
 * after the password is checked, { metadata, user_id, valid } → { decision, message,
 * should_logout_user }, in a transaction of its own.
 */
describe("the Password Verification Attempt Hook", () => {
  const HOOK = "hook_password_verification";
  let hooked: LocalBackend;

  beforeAll(async () => {
    hooked = await startTestBackend({
      passwordVerificationAttemptHook: { schema: "public", name: HOOK, uri: `pg-functions://postgres/public/${HOOK}` },
    });
    // Decides by the user's e-mail domain; records every call, which commits whatever it answers.
    await hooked.db.exec(`
      create table public.password_hook_events (event jsonb, called_as text, search_path text, statement_timeout text);
      grant insert on public.password_hook_events to supabase_auth_admin;
      create function public.${HOOK}(event jsonb) returns jsonb language plpgsql as $$
      declare domain text := (select split_part(email, '@', 2) from auth.users where id = (event->>'user_id')::uuid);
      begin
        insert into public.password_hook_events
          values (event, current_user, current_setting('search_path'), current_setting('statement_timeout'));
        if domain = 'broken.example' then
          raise exception 'the hook broke';
        end if;
        return case domain
          when 'reject.example' then '{"decision": "reject", "message": "Вход закрыт"}'::jsonb
          when 'silent.example' then '{"decision": "reject"}'::jsonb
          when 'logout.example' then '{"Decision": "reject", "message": "Вход закрыт", "should_logout_user": true}'::jsonb
          when 'error.example' then '{"error": {"http_code": 429, "message": "Подождите"}}'::jsonb
          when 'odd.example' then '{"decision": 1}'::jsonb
          when 'list.example' then '[]'::jsonb
          when 'null.example' then null
          else '{"decision": "continue"}'::jsonb
        end;
      end $$;
      grant execute on function public.${HOOK}(jsonb) to supabase_auth_admin;
      revoke execute on function public.${HOOK}(jsonb) from public, anon, authenticated;`);
  });
  afterAll(() => hooked.close());

  const PASSWORD = "password123";
  async function account(domain: string) {
    const email = uniqueEmail("hooked").replace("@example.com", `@${domain}`);
    const { data, error } = await serviceClient(hooked).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    if (error) throw error;
    return { email, id: data.user.id };
  }
  const signIn = (email: string, password: string) => anonClient(hooked).auth.signInWithPassword({ email, password });
  const eventsFor = async (id: string) =>
    (
      await hooked.db.query<{ event: { metadata: Record<string, unknown>; user_id: string; valid: boolean }; called_as: string; search_path: string; statement_timeout: string }>(
        `select * from public.password_hook_events where event->>'user_id' = $1`,
        [id],
      )
    ).rows;

  it("hands the function the user and whether the password was right, as supabase_auth_admin, and goes on at continue", async () => {
    const { email, id } = await account("open.example");
    expect((await signIn(email, "wrong-password")).error).toMatchObject({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" });
    expect((await signIn(email, PASSWORD)).error).toBeNull();
    const events = await eventsFor(id);
    expect(events.map((row) => row.event.valid)).toEqual([false, true]);
    expect(events[0]).toMatchObject({ called_as: "supabase_auth_admin", search_path: "auth", statement_timeout: "2s" });
    expect(events[0].event.metadata).toMatchObject({ name: "password-verification", uuid: expect.any(String), time: expect.any(String) });
  });

  it("is not called for an address without an account", async () => {
    const before = Number((await hooked.db.query<{ n: number }>(`select count(*)::int as n from public.password_hook_events`)).rows[0].n);
    expect((await signIn(uniqueEmail("nobody"), PASSWORD)).error?.code).toBe("invalid_credentials");
    expect(Number((await hooked.db.query<{ n: number }>(`select count(*)::int as n from public.password_hook_events`)).rows[0].n)).toBe(before);
  });

  it("refuses at reject with 400 invalid_credentials and its message, right password or not, and commits the call", async () => {
    const { email, id } = await account("reject.example");
    for (const password of [PASSWORD, "wrong-password"]) {
      const { data, error } = await signIn(email, password);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({ status: 400, code: "invalid_credentials", message: "Вход закрыт" });
    }
    expect(await eventsFor(id)).toHaveLength(2);
    const silent = await account("silent.example");
    expect((await signIn(silent.email, PASSWORD)).error?.message).toBe("Further password verification attempts will be rejected.");
  });

  it("signs the user out everywhere at should_logout_user (keys read as Go reads them, in any case)", async () => {
    const { email, id } = await account("logout.example");
    const link = await serviceClient(hooked).auth.admin.generateLink({ type: "magiclink", email });
    const session = await anonClient(hooked).auth.verifyOtp({ token_hash: link.data.properties!.hashed_token, type: "magiclink" });
    expect(session.error).toBeNull();
    expect((await signIn(email, PASSWORD)).error?.message).toBe("Вход закрыт");
    expect((await hooked.db.query(`select 1 from auth.sessions where user_id = $1`, [id])).rows).toHaveLength(0);
  });

  it("answers a hook error with its status and message, and an answer Go cannot read or a failing function with 500", async () => {
    const limited = await account("error.example");
    expect((await signIn(limited.email, PASSWORD)).error).toMatchObject({ status: 429, message: "Подождите" });
    for (const domain of ["odd.example", "list.example"]) {
      const odd = await account(domain);
      expect((await signIn(odd.email, PASSWORD)).error).toMatchObject({ status: 500, message: "Error unmarshaling JSON output." });
    }
    const broken = await account("broken.example");
    expect((await signIn(broken.email, PASSWORD)).error).toMatchObject({
      status: 500,
      message: `Error running hook URI: pg-functions://postgres/public/${HOOK}`,
    });
  });

  it("lets a null answer through, and still refuses a wrong password after it", async () => {
    const { email } = await account("null.example");
    expect((await signIn(email, "wrong-password")).error?.message).toBe("Invalid login credentials");
    const { session } = await signedIn(hooked, email, PASSWORD);
    expect(session.access_token).toBeTruthy();
  });
});
