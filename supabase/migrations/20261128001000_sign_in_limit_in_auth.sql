-- The per-account sign-in limit held where Supabase Auth checks the password (issue 41): its
-- Password Verification Attempt hook counts every password sign-in that does not come through the
-- app on the same counter as the app (public.auth_attempts), so a direct
-- `/auth/v1/token?grant_type=password` with the public key is refused while the app says «wait».
-- config.toml declares the hook for the CLI; on a hosted project (Team and Enterprise plans):
-- Authentication → Hooks → Password Verification Attempt → Postgres function
-- public.password_verification_attempt_hook.
--
-- The app's own sign-ins reach Auth with a pass: an attempt the app already counted before calling
-- Auth, or a sign-in from a browser the account signed in on before, which the app never slows
-- (lib/security/trusted-browser.ts). The hook spends the pass instead of counting again. A pass is
-- per account and lives ten seconds: a direct attempt that lands inside that window spends the
-- app's pass, which is at most one uncounted try per sign-in of the owner.

create table public.auth_sign_in_passes (
  id bigint generated always as identity primary key,
  key text not null check (length(key) between 1 and 200),
  -- A pass of an attempt the app counted: a right password then clears the account's counter.
  -- A trusted browser's pass is not counted and clears nothing (the owner's sign-in on their
  -- laptop must not hand an attacker five new tries).
  counted boolean not null,
  expires_at timestamptz not null
);

create index auth_sign_in_passes_key on public.auth_sign_in_passes (key, id);

alter table public.auth_sign_in_passes enable row level security;
revoke all on table public.auth_sign_in_passes from public, anon, authenticated;
grant select, insert, delete on table public.auth_sign_in_passes to service_role;

-- Supabase Auth runs the hook as supabase_auth_admin, which row level security does not exempt
-- (update: the hook locks the pass it spends, `for update skip locked`).
grant select, update, delete on table public.auth_sign_in_passes to supabase_auth_admin;
grant select, insert, update, delete on table public.auth_attempts to supabase_auth_admin;
create policy "Supabase Auth spends sign-in passes" on public.auth_sign_in_passes
  as permissive for all to supabase_auth_admin using (true) with check (true);
create policy "Supabase Auth counts sign-in attempts" on public.auth_attempts
  as permissive for all to supabase_auth_admin using (true) with check (true);

create function public.sign_in_attempt_key(_email text)
returns text
language sql
immutable
set search_path = ''
as $$
  select 'sign-in:' || left(encode(pg_catalog.sha256(convert_to(lower(trim(_email)), 'UTF8')), 'hex'), 40);
$$;

comment on function public.sign_in_attempt_key(text) is
  'The counter of password sign-ins to the account of this e-mail: a hash of the address, never the address (the same key lib/security/attempts.ts kept before).';

create function public.count_sign_in_attempt(_key text)
returns table (wait_seconds integer, attempts integer)
language sql
volatile
set search_path = ''
as $$
  select t.wait_seconds, t.attempts from public.take_auth_attempt(_key, 15 * 60, 5, 30) t;
$$;

comment on function public.count_sign_in_attempt(text) is
  'The sign-in limit, in one place: five password tries to one account within 15 minutes go through at once, then each waits 30 s, 1 min, 2 min… up to 15 min after the previous one. Answers the seconds to wait (0: taken) and the tries so far.';

create function public.take_sign_in_attempt(_email text, _trusted boolean)
returns table (wait_seconds integer, attempts integer)
language plpgsql
volatile
set search_path = ''
as $$
declare
  _key text := public.sign_in_attempt_key(_email);
  _wait integer := 0;
  _attempts integer := 0;
begin
  delete from public.auth_sign_in_passes p where p.key = _key and p.expires_at <= now();
  if not _trusted then
    select t.wait_seconds, t.attempts into _wait, _attempts from public.count_sign_in_attempt(_key) t;
  end if;
  if _wait = 0 then
    insert into public.auth_sign_in_passes (key, counted, expires_at) values (_key, not _trusted, now() + interval '10 seconds');
  end if;
  return query select _wait, _attempts;
end;
$$;

comment on function public.take_sign_in_attempt(text, boolean) is
  'Before the app sends a password sign-in to Auth: counts it (unless the browser is one the account signed in on before) and, when it may go ahead, leaves the pass the Password Verification Attempt hook spends instead of counting it again. Answers the seconds to wait (0: go ahead).';

create function public.password_verification_attempt_hook(event jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  _key text;
  _counted boolean;
  _wait integer;
begin
  select public.sign_in_attempt_key(u.email) into _key
  from auth.users u
  where u.id = (event ->> 'user_id')::uuid and u.email is not null;
  if _key is null then
    return jsonb_build_object('decision', 'continue');
  end if;

  delete from public.auth_sign_in_passes p
  where p.id = (
    select q.id from public.auth_sign_in_passes q
    where q.key = _key and q.expires_at > now()
    order by q.id
    limit 1
    for update skip locked
  )
  returning p.counted into _counted;

  if _counted is null then
    select t.wait_seconds into _wait from public.count_sign_in_attempt(_key) t;
    if _wait > 0 then
      -- The same answer whether the password was right, so a refusal tells an attacker nothing;
      -- and the owner's sessions stay (an attacker must not be able to sign them out).
      return jsonb_build_object(
        'decision', 'reject',
        'message', 'Слишком много неудачных попыток входа в этот аккаунт. Попробуйте позже или восстановите пароль',
        'should_logout_user', false
      );
    end if;
    _counted := true;
  end if;

  if (event ->> 'valid')::boolean and _counted then
    delete from public.auth_attempts a where a.key = _key;
  end if;
  return jsonb_build_object('decision', 'continue');
end;
$$;

comment on function public.password_verification_attempt_hook(jsonb) is
  'Supabase Auth''s Password Verification Attempt hook ({user_id, valid} → {decision}): a password sign-in that comes with the app''s pass goes on; any other is counted by count_sign_in_attempt and refused while the account must wait, whether the password was right or not. A right password on a counted attempt clears the account''s counter.';

revoke execute on function public.sign_in_attempt_key(text) from public, anon, authenticated;
revoke execute on function public.count_sign_in_attempt(text) from public, anon, authenticated;
revoke execute on function public.take_sign_in_attempt(text, boolean) from public, anon, authenticated;
revoke execute on function public.password_verification_attempt_hook(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.sign_in_attempt_key(text) to service_role, supabase_auth_admin;
grant execute on function public.count_sign_in_attempt(text) to service_role, supabase_auth_admin;
grant execute on function public.take_auth_attempt(text, integer, integer, integer) to supabase_auth_admin;
grant execute on function public.take_sign_in_attempt(text, boolean) to service_role;
grant execute on function public.password_verification_attempt_hook(jsonb) to supabase_auth_admin;
