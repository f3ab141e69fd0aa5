-- What the Data API may do, as the database itself answers it: for the grants test
-- (tests/postgres/api-grants.test.ts) and the deploy check (`npm run doctor`), which compare it with
-- supabase/api-grants.json.
create function public.api_privileges()
  returns table (object_kind text, object_name text, role_name text, privilege text)
  language sql stable security definer
  set search_path = ''
as $$
  with api_roles (role_name) as (values ('anon'), ('authenticated'), ('service_role')),
  relations as (
    select c.oid, c.relname::text as object_name,
           case c.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'view' else 'table' end as object_kind
    from pg_catalog.pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S')
  ),
  table_privileges as (
    select r.object_kind, r.object_name, a.role_name, p.privilege
    from relations r cross join api_roles a
    cross join lateral unnest(case when r.object_kind = 'sequence' then array['USAGE', 'SELECT', 'UPDATE']
                                   else array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'] end) as p (privilege)
    where case when r.object_kind = 'sequence' then pg_catalog.has_sequence_privilege(a.role_name, r.oid, p.privilege)
               else pg_catalog.has_table_privilege(a.role_name, r.oid, p.privilege) end
  ),
  column_privileges as (
    select r.object_kind, r.object_name, a.role_name,
           p.privilege || ' (' || string_agg(att.attname::text, ', ' order by att.attnum) || ')' as privilege
    from relations r cross join api_roles a
    cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'REFERENCES']) as p (privilege)
    join pg_catalog.pg_attribute att on att.attrelid = r.oid and att.attnum > 0 and not att.attisdropped
    where r.object_kind <> 'sequence'
      and not pg_catalog.has_table_privilege(a.role_name, r.oid, p.privilege)
      and pg_catalog.has_column_privilege(a.role_name, r.oid, att.attnum, p.privilege)
    group by r.object_kind, r.object_name, a.role_name, p.privilege
  ),
  function_privileges as (
    select 'function', pg_catalog.substr(f.oid::regprocedure::text, pg_catalog.length('public.') + 1), a.role_name, 'EXECUTE'
    from pg_catalog.pg_proc f cross join api_roles a
    where f.pronamespace = 'public'::regnamespace and pg_catalog.has_function_privilege(a.role_name, f.oid, 'EXECUTE')
  )
  select * from table_privileges
  union all select * from column_privileges
  union all select * from function_privileges
  order by 1, 2, 3, 4
$$;
comment on function public.api_privileges() is
  'What each Data API role (anon, authenticated, service_role) may do on every table, view, sequence and function in public, one row per privilege, as has_*_privilege answers (grants to PUBLIC included); column grants where the table has none. For the grants test and npm run doctor; the service role only, since it lists the whole API surface.';
revoke all on function public.api_privileges() from public, anon, authenticated;
grant execute on function public.api_privileges() to service_role;

-- Hosted API sessions run pg-safeupdate, which refuses an UPDATE without WHERE inside functions
-- too: the worker's scan of dates that passed failed with 21000 on every round. Same work, with
-- the one row named.
create or replace function public.notify_scheduled_openings() returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  since timestamptz;
  scanned timestamptz := now();
  pairs jsonb;
begin
  select s.scanned_until into since from public.notification_scan s where s.id for update;
  with passed as (
    select a.user_id, 'tool' as kind, a.tool_id as item_id from public.tool_access a
    where a.is_unlocked and a.unlock_at > since and a.unlock_at <= scanned
    union all
    select a.user_id, 'module', a.module_id from public.module_access a
    where a.is_unlocked and a.unlock_at > since and a.unlock_at <= scanned
    union all
    select a.user_id, 'lesson', a.lesson_id from public.lesson_access a
    where a.is_unlocked and a.unlock_at > since and a.unlock_at <= scanned
    union all
    select m.user_id, 'tool', g.tool_id from public.group_tool_access g
    join public.group_members m on m.group_id = g.group_id
    where g.is_unlocked and g.unlock_at > since and g.unlock_at <= scanned
    union all
    select m.user_id, 'module', g.module_id from public.group_module_access g
    join public.group_members m on m.group_id = g.group_id
    where g.is_unlocked and g.unlock_at > since and g.unlock_at <= scanned
    union all
    select m.user_id, 'lesson', g.lesson_id from public.group_lesson_access g
    join public.group_members m on m.group_id = g.group_id
    where g.is_unlocked and g.unlock_at > since and g.unlock_at <= scanned
  )
  select coalesce(jsonb_agg(jsonb_build_object('user_id', p.user_id, 'kind', p.kind, 'item_id', p.item_id)), '[]')
  into pairs from passed p;
  -- The table holds one row (its key is `true`); pg-safeupdate asks every UPDATE to say which.
  update public.notification_scan set scanned_until = scanned where id;
  if jsonb_array_length(pairs) = 0 then
    return 0;
  end if;
  return public.notify_openings(pairs, 'item_unlocked');
end;
$$;
comment on function public.notify_scheduled_openings() is
  'The worker''s minute: announces every opening whose date passed since the last scan (personal and group grants) and moves the scan on, under the scan row''s lock so two workers never announce one date twice. Returns the notifications made.';
