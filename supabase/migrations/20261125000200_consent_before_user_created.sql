-- Consent to the personal-data policy (152-FZ) enforced by the database, whichever way a sign-up
-- reaches Supabase Auth: its Before User Created hook refuses an account without consent to the
-- current policy version, and the version recorded is the database's, never the client's.
-- config.toml declares the hook for the CLI; on a hosted project: Authentication → Hooks →
-- Before User Created → Postgres function public.before_user_created_hook.

-- Bumped (by a new migration) whenever /privacy changes in substance, with PRIVACY_POLICY_VERSION
-- in lib/validation/auth.ts, which the sign-up form sends (a test keeps the two equal).
create function public.current_privacy_policy_version()
returns text
language sql
immutable
set search_path = ''
as $$
  select '2026-11-22'::text;
$$;

create function public.before_user_created_hook(event jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case
    when event -> 'user' -> 'user_metadata' ->> 'privacy_policy_version' = public.current_privacy_policy_version()
      then '{}'::jsonb
    else jsonb_build_object(
      'error',
      jsonb_build_object('http_code', 400, 'message', 'Подтвердите согласие на обработку персональных данных')
    )
  end;
$$;

grant execute on function public.before_user_created_hook(jsonb) to supabase_auth_admin;
revoke execute on function public.before_user_created_hook(jsonb) from public, anon, authenticated;
grant execute on function public.current_privacy_policy_version() to supabase_auth_admin, anon, authenticated, service_role;

-- The consent row carries the database's version. An account an admin creates (the hook does not
-- run there, as in Supabase Auth) gets one only if its metadata names the current version.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email, full_name)
  values (new.id, new.email, nullif(trim(new.raw_user_meta_data ->> 'full_name'), ''));
  insert into public.user_roles (user_id, role) values (new.id, 'student');
  if new.raw_user_meta_data ->> 'privacy_policy_version' = public.current_privacy_policy_version() then
    insert into public.privacy_consents (user_id, policy_version) values (new.id, public.current_privacy_policy_version());
  end if;
  return new;
end;
$$;
