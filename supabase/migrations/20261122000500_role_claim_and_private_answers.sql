-- The role in the access token (Supabase's Custom Access Token Hook), and database functions
-- that answer only what the caller may know.

-- Supabase Auth calls this when it issues an access token, as supabase_auth_admin (config.toml
-- [auth.hook.custom_access_token]; on hosted projects: Authentication → Hooks). The app reads
-- `user_role` from verified claims; row level security keeps asking has_role, so a token issued
-- before a demotion never grants a write.
create function public.custom_access_token_hook(event jsonb)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'claims',
    coalesce(event -> 'claims', '{}'::jsonb) || jsonb_build_object(
      'user_role',
      case when exists (
        select 1 from public.user_roles r where r.user_id = (event ->> 'user_id')::uuid and r.role = 'admin'
      ) then 'admin' else 'student' end
    )
  );
$$;

grant usage on schema public to supabase_auth_admin;
grant execute on function public.custom_access_token_hook(jsonb) to supabase_auth_admin;
revoke execute on function public.custom_access_token_hook(jsonb) from public, anon, authenticated;
grant select on table public.user_roles to supabase_auth_admin;
create policy "Supabase Auth reads roles for access tokens" on public.user_roles
  as permissive for select to supabase_auth_admin using (true);

-- Whether the current request may ask about another user: admins and the service role may;
-- so may the database's own sessions (migrations, seed), which carry no JWT claims.
create function public.may_ask_about(_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select _user_id = auth.uid()
    or coalesce(auth.role(), 'service_role') = 'service_role'
    or exists (select 1 from public.user_roles where user_id = auth.uid() and role = 'admin');
$$;

revoke execute on function public.may_ask_about(uuid) from public, anon, authenticated;

create or replace function public.has_role(_user_id uuid, _role public.app_role)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.may_ask_about(_user_id) and exists (
    select 1 from public.user_roles where user_id = _user_id and role = _role
  );
$$;

create or replace function public.can_open_lesson(_user_id uuid, _lesson_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.may_ask_about(_user_id) and (
    exists (select 1 from public.user_roles where user_id = _user_id and role = 'admin')
    or (
      exists (
        select 1
        from public.lessons l
        join public.tool_access ta on ta.tool_id = l.tool_id and ta.user_id = _user_id
        where l.id = _lesson_id and ta.is_unlocked and ta.is_visible
      )
      and not exists (
        select 1 from public.lesson_access la
        where la.lesson_id = _lesson_id and la.user_id = _user_id
          and not (la.is_unlocked and la.is_visible)
      )
    )
  );
$$;

revoke execute on function public.has_role(uuid, public.app_role) from public, anon;
grant execute on function public.has_role(uuid, public.app_role) to authenticated, service_role;
revoke execute on function public.can_open_lesson(uuid, uuid) from public, anon;
grant execute on function public.can_open_lesson(uuid, uuid) to authenticated, service_role;
