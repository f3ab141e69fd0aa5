-- Run first, as the cluster's superuser supabase_admin: on hosted Supabase, `postgres` is not a
-- superuser; it owns the database and the public schema, and runs every migration.
create role postgres login createrole createdb bypassrls;
do $$ begin execute format('alter database %I owner to postgres', current_database()); end $$;
alter schema public owner to postgres;

-- Hosted projects let `postgres` create, alter and drop the policies of storage.buckets and
-- storage.objects (owned by supabase_storage_admin, local-backend/bootstrap.sql) through supautils'
-- policy_grants, and nothing else on those tables. Plain PostgreSQL has no such rule: here each
-- policy command of `postgres` runs as a member of supabase_storage_admin, for that command only
-- (a failed command rolls the membership back with itself).
create schema policy_grants;
revoke all on schema policy_grants from public;

create function policy_grants.lend_ownership() returns event_trigger language plpgsql security definer as $$
begin
  if session_user = 'postgres' then
    grant supabase_storage_admin to postgres;
  end if;
end
$$;

create function policy_grants.take_ownership_back() returns event_trigger language plpgsql security definer as $$
begin
  if session_user = 'postgres' then
    revoke supabase_storage_admin from postgres;
  end if;
end
$$;

create event trigger policy_grants_start on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY') execute function policy_grants.lend_ownership();
create event trigger policy_grants_end on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY') execute function policy_grants.take_ownership_back();
