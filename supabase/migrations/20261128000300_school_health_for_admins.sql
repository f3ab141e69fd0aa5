-- «Состояние школы» reads with the admin's own session, never the secret key: the grants and the
-- notification worker's state become answers an admin may ask for, as the service role may.

create or replace function public.api_privileges()
  returns table (object_kind text, object_name text, role_name text, privilege text)
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  -- A request through the API carries a role; a direct session (migrations, gen-types) does not.
  if auth.role() is not null and auth.role() <> 'service_role' and not public.is_admin() then
    raise exception 'Только для администратора' using errcode = '42501';
  end if;
  return query
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
    order by 1, 2, 3, 4;
end;
$$;
comment on function public.api_privileges() is
  'What each Data API role (anon, authenticated, service_role) may do on every table, view, sequence and function in public, one row per privilege, as has_*_privilege answers (grants to PUBLIC included); column grants where the table has none. For the grants test, npm run doctor (service role) and «Состояние школы» (admins); nobody else, since it lists the whole API surface.';
grant execute on function public.api_privileges() to authenticated;

create function public.notification_health(_stale_minutes integer)
  returns jsonb
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  cutoff timestamptz := now() - make_interval(mins => _stale_minutes);
begin
  if auth.role() is not null and auth.role() <> 'service_role' and not public.is_admin() then
    raise exception 'Только для администратора' using errcode = '42501';
  end if;
  return (
    select jsonb_build_object(
      'last_round', (select s.scanned_until from public.notification_scan s where s.id),
      'overdue', count(*),
      'oldest_overdue', min(case when d.status = 'pending' then d.next_attempt_at else d.lease_until end))
    from public.notification_deliveries d
    where (d.status = 'pending' and d.next_attempt_at < cutoff)
       or (d.status = 'sending' and d.lease_until < cutoff)
  );
end;
$$;
comment on function public.notification_health(integer) is
  'Whether the notification worker keeps up: when its last round began (each round moves notification_scan first), and how many deliveries have waited past their time (pending) or their claim (sending) by more than _stale_minutes, with the oldest such moment. Counts only, nobody''s data; for admins and the service role.';
revoke all on function public.notification_health(integer) from public, anon;
grant execute on function public.notification_health(integer) to authenticated, service_role;
