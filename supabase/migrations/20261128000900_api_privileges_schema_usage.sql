-- A table grant answers nothing without USAGE on its schema: the deploy check must see that too.
-- (The grants test that holds the database to supabase/api-grants.json is
-- tests/postgres/hosted-project.test.ts, which …0100 and …0200 call api-grants.test.ts.)
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
    union all
    select 'schema', 'public', a.role_name, 'USAGE' from api_roles a
    where pg_catalog.has_schema_privilege(a.role_name, 'public', 'USAGE')
    order by 1, 2, 3, 4;
end;
$$;
comment on function public.api_privileges() is
  'What each Data API role (anon, authenticated, service_role) may do on every table, view, sequence and function in public, one row per privilege, as has_*_privilege answers, and USAGE on the schema itself (without it every read is refused, whatever the tables grant) (grants to PUBLIC included); column grants where the table has none. For the grants test, npm run doctor (service role) and «Состояние школы» (admins); nobody else, since it lists the whole API surface.';
