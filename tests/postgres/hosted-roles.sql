-- Run first, as the cluster's superuser supabase_admin: on hosted Supabase, `postgres` is not a
-- superuser; it owns the database and the public schema, and runs every migration.
create role postgres login createrole createdb bypassrls;
alter database postgres owner to postgres;
alter schema public owner to postgres;
