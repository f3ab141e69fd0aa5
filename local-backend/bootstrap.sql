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

create schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
create extension pgcrypto with schema extensions;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;

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

create function auth.uid() returns uuid language sql stable as $$
  select nullif(coalesce(
    current_setting('request.jwt.claim.sub', true),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
  ), '')::uuid
$$;

create function auth.role() returns text language sql stable as $$
  select nullif(coalesce(
    current_setting('request.jwt.claim.role', true),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
  ), '')::text
$$;

create function auth.email() returns text language sql stable as $$
  select nullif(coalesce(
    current_setting('request.jwt.claim.email', true),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'
  ), '')::text
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
  sent_at timestamptz not null default now()
);
