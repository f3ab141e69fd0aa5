-- What a hosted Supabase project has before the first migration: the API roles and their
-- grants, the auth schema with auth.users and its helper functions, and pgcrypto.
-- Run as the database superuser: PGlite's `postgres` here, or supabase_admin on the real
-- PostgreSQL of tests/postgres, where `postgres` is an ordinary role that runs the migrations.

create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
create role supabase_auth_admin nologin noinherit createrole;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';

create schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
create extension pgcrypto with schema extensions;

-- A new hosted project (since 2026-05-30, "Default privileges for new entities" off) gives the API
-- roles nothing on what the migrations create in public: each migration grants what it exposes.
grant usage on schema public to anon, authenticated, service_role;

-- Hosted API sessions preload pg-safeupdate (authenticator: session_preload_libraries = 'supautils,
-- safeupdate'), so an UPDATE or DELETE without WHERE fails with 21000, inside functions too. A
-- PostgreSQL cluster of the tests names its build of it (tests/postgres/cluster.ts); PGlite has none.
do $$
begin
  if nullif(current_setting('hosted.safeupdate_library', true), '') is not null then
    execute format('alter role authenticator set session_preload_libraries = %L', current_setting('hosted.safeupdate_library'));
  end if;
end
$$;

create schema auth authorization supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;
-- The backend's own SQL runs as the superuser; supabase_auth_admin owns the tables as on hosted.
set role supabase_auth_admin;

create table auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255) unique,
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text default null,
  confirmed_at timestamptz generated always as (email_confirmed_at) stored,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);

create table auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);

create table auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  aal text default 'aal1'
);

create table auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) unique not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid references auth.sessions (id) on delete cascade,
  parent varchar(255),
  revoked boolean not null default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create index refresh_tokens_session_idx on auth.refresh_tokens (session_id);

create table auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null,
  code_challenge_method text not null,
  code_challenge text not null,
  authentication_method text not null,
  created_at timestamptz default now()
);

create table auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null unique,
  flow_state_id uuid references auth.flow_state (id) on delete cascade,
  created_at timestamptz default now()
);

-- As Supabase's (supabase/postgres auth schema): an empty legacy claim setting (one a transaction set
-- locally and that reverted to '') falls through to request.jwt.claims.
create function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
  )::uuid
$$;

create function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
  )::text
$$;

create function auth.email() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'
  )::text
$$;

create function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

reset role;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;
grant all on all tables in schema auth to postgres;

-- Supabase Storage's schema as its own migrations leave it on a hosted project (supabase/storage,
-- migrations/tenant up to 0061): buckets and objects owned by supabase_storage_admin, the role the
-- Storage server connects as; every API role may use them, so row level security decides, and
-- `postgres` reads and writes them (on hosted it may also create policies on them, through
-- supautils' policy_grants) but may not alter them. Only what Storage's REST API uses is here: no S3
-- multipart, analytics or vector tables, no object versioning.
create role supabase_storage_admin nologin noinherit createrole;
create schema storage;
grant all on schema storage to supabase_storage_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage grant all on sequences to postgres, anon, authenticated, service_role;
set role supabase_storage_admin;

create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');

create table storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index bname on storage.buckets (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index bucketid_objname on storage.objects (bucket_id, name);
create index name_prefix_search on storage.objects (name text_pattern_ops);
create index idx_objects_bucket_id_name on storage.objects (bucket_id, (name collate "C"));
create index idx_objects_bucket_id_name_lower on storage.objects (bucket_id, (lower(name) collate "C"));
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to postgres with grant option;

-- The helpers policies are written with: 'a/b/c.png' has the folders {a,b}, the file name
-- 'c.png' and the extension 'png'.
create function storage.foldername(name text) returns text[] language sql immutable as $$
  select parts[1:array_length(parts, 1) - 1] from string_to_array($1, '/') as parts
$$;

create function storage.filename(name text) returns text language sql immutable as $$
  select parts[array_length(parts, 1)] from string_to_array($1, '/') as parts
$$;

create function storage.extension(name text) returns text language sql immutable as $$
  select reverse(split_part(reverse(storage.filename($1)), '.', 1))
$$;

create function storage.get_size_by_bucket() returns table (size bigint, bucket_id text) language sql stable as $$
  select sum((o.metadata ->> 'size')::bigint)::bigint, o.bucket_id from storage.objects o group by o.bucket_id
$$;

-- The Storage operation a request performs (e.g. 'storage.object.upload'), for policies that allow
-- only some operations.
create function storage.operation() returns text language sql stable as $$
  select current_setting('storage.operation', true)
$$;

create function storage.allow_only_operation(expected_operation text) returns boolean language sql stable as $$
  select coalesce(nullif(expected_operation, '') is not null
    and regexp_replace(storage.operation(), '^storage\.', '') = regexp_replace(expected_operation, '^storage\.', ''), false)
$$;

create function storage.allow_any_operation(expected_operations text[]) returns boolean language sql stable as $$
  select exists (
    select from unnest(expected_operations) as expected
    where nullif(expected, '') is not null
      and regexp_replace(storage.operation(), '^storage\.', '') = regexp_replace(expected, '^storage\.', '')
  )
$$;

-- One level of a bucket under a prefix, as Storage lists it: a folder for every distinct next path
-- segment (id null), then or among them the files; `search` narrows the names after the prefix
-- (case-insensitive). It runs as the caller, so row level security hides what the caller may not
-- select.
create function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (name text, id uuid, updated_at timestamptz, created_at timestamptz, last_accessed_at timestamptz, metadata jsonb)
language sql stable as $$
  with options as (
    select coalesce(prefix, '') as base,
           coalesce(prefix, '') || coalesce(search, '') as typed,
           case lower(coalesce(sortcolumn, 'name'))
             when 'updated_at' then 'updated_at' when 'created_at' then 'created_at'
             when 'last_accessed_at' then 'last_accessed_at' else 'name' end as sort_column,
           lower(coalesce(sortorder, 'asc')) = 'asc' as ascending
  ),
  matched as (
    select o.*, strpos(substr(o.name, length(opt.typed) + 1), '/') as slash, opt.base, opt.typed
    from storage.objects o, options opt
    where o.bucket_id = bucketname and starts_with(lower(o.name), lower(opt.typed))
  ),
  entries as (
    select 0 as kind,
           lower(left(m.name, length(m.typed) + m.slash)) as sort_key,
           substr((array_agg(m.name order by lower(m.name) collate "C"))[1], length(m.base) + 1, length(m.typed) + m.slash - 1 - length(m.base)) as name,
           null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
           null::timestamptz as last_accessed_at, null::jsonb as metadata, null::timestamptz as sort_at
    from matched m
    where m.slash > 0
    group by lower(left(m.name, length(m.typed) + m.slash)), m.base, m.typed, m.slash
    union all
    select 1, lower(m.name), substr(m.name, length(m.base) + 1), m.id, m.updated_at, m.created_at,
           m.last_accessed_at, m.metadata,
           case opt.sort_column when 'updated_at' then m.updated_at when 'created_at' then m.created_at
             when 'last_accessed_at' then m.last_accessed_at end
    from matched m, options opt
    where m.slash = 0
  )
  select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
  from entries e, options opt
  order by
    -- Sorted by name, folders and files interleave; by a date, the folders come first.
    case when opt.sort_column <> 'name' then e.kind end,
    case when opt.ascending and (opt.sort_column = 'name' or e.kind = 0) then e.sort_key end collate "C" asc,
    case when not opt.ascending and (opt.sort_column = 'name' or e.kind = 0) then e.sort_key end collate "C" desc,
    case when opt.ascending then e.sort_at end asc,
    case when not opt.ascending then e.sort_at end desc,
    e.sort_key collate "C"
  limit least(coalesce(limits, 100), 1500) offset coalesce(offsets, 0)
$$;

create function storage.update_updated_at_column() returns trigger language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end
$$;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

create function storage.enforce_bucket_name_length() returns trigger language plpgsql as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$$;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

-- Rows of storage go with bytes Storage keeps elsewhere: only Storage itself (which sets
-- storage.allow_delete_query) deletes them.
create function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

reset role;

-- The embedded backend's own bookkeeping, invisible to the API roles.
create schema _local;
create table _local.migrations (name text primary key, applied_at timestamptz not null default now());
create table _local.signing_keys (kid text primary key, private_jwk jsonb not null, created_at timestamptz default now());
create table _local.mailbox (
  id bigserial primary key,
  recipient text not null,
  subject text not null,
  body text not null,
  link text,
  sent_at timestamptz not null default now(),
  -- 'auth' for Auth's own emails, 'smtp' for mail the app sent to the SMTP catcher.
  source text not null default 'auth',
  sender text,
  html text,
  message_id text,
  headers jsonb not null default '{}'
);
