-- Limits the app adds on top of Supabase Auth's per-address ones (lib/security/attempts.ts):
-- recovery-code attempts per e-mail and password sign-ins per account. They live in Postgres so
-- that every app server counts the same attempts, and an attempt is taken atomically before it is
-- made, so parallel requests cannot all slip through on the same count. Only the service role
-- (the app's secret key) reaches them: a visitor cannot read or reset a counter through the API.

create table public.auth_attempts (
  key text primary key check (length(key) between 1 and 200),
  attempts integer not null default 0 check (attempts >= 0),
  window_started_at timestamptz not null default now(),
  last_attempt_at timestamptz not null default now()
);

alter table public.auth_attempts enable row level security;
revoke all on table public.auth_attempts from public, anon, authenticated;
grant select, insert, update, delete on table public.auth_attempts to service_role;

-- Takes one attempt for the key. The first `_free_attempts` within the window go through at once;
-- after them each one waits `_first_delay_seconds`, doubling, at most the window, counted from the
-- previous attempt. A refused attempt is not counted and does not restart the wait. Answers the
-- seconds to wait (0: the attempt is taken) and the attempts taken within the window.
create function public.take_auth_attempt(
  _key text,
  _window_seconds integer,
  _free_attempts integer,
  _first_delay_seconds integer
)
returns table (wait_seconds integer, attempts integer)
language plpgsql
volatile
set search_path = ''
as $$
declare
  counter public.auth_attempts;
  wait integer := 0;
begin
  insert into public.auth_attempts (key) values (_key) on conflict (key) do nothing;
  select * into counter from public.auth_attempts where key = _key for update;
  if counter.window_started_at < now() - make_interval(secs => _window_seconds) then
    counter.attempts := 0;
    counter.window_started_at := now();
  end if;
  if counter.attempts >= _free_attempts then
    wait := least(_window_seconds, _first_delay_seconds * 2 ^ least(counter.attempts - _free_attempts, 20))::integer
      - floor(extract(epoch from now() - counter.last_attempt_at))::integer;
  end if;
  if wait > 0 then
    return query select wait, counter.attempts;
    return;
  end if;
  update public.auth_attempts
  set attempts = counter.attempts + 1, window_started_at = counter.window_started_at, last_attempt_at = now()
  where key = _key;
  return query select 0, counter.attempts + 1;
end;
$$;

create function public.clear_auth_attempts(_key text)
returns void
language sql
volatile
set search_path = ''
as $$
  delete from public.auth_attempts where key = _key;
$$;

revoke execute on function public.take_auth_attempt(text, integer, integer, integer) from public, anon, authenticated;
revoke execute on function public.clear_auth_attempts(text) from public, anon, authenticated;
grant execute on function public.take_auth_attempt(text, integer, integer, integer) to service_role;
grant execute on function public.clear_auth_attempts(text) to service_role;
