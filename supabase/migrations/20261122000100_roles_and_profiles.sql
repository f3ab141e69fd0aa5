-- Roles, profiles and the sign-up trigger.
-- user_roles is the source of truth for roles; profiles.role mirrors it through triggers.

create type public.app_role as enum ('admin', 'student');

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null,
  full_name text,
  role public.app_role not null default 'student',
  created_at timestamptz not null default now()
);

create index profiles_role_email_idx on public.profiles (role, email);

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  unique (user_id, role)
);

create index user_roles_role_idx on public.user_roles (role);

create function public.has_role(_user_id uuid, _role public.app_role)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles where user_id = _user_id and role = _role
  );
$$;

-- The profile's role is always derived from user_roles: admin wins over student.
create function public.derive_profile_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.role := case
    when public.has_role(new.id, 'admin') then 'admin'::public.app_role
    else 'student'::public.app_role
  end;
  return new;
end;
$$;

create trigger profiles_derive_role
  before insert or update on public.profiles
  for each row execute function public.derive_profile_role();

create function public.sync_profile_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Touching the row re-runs derive_profile_role.
  update public.profiles set role = role
  where id in (
    select user_id from (values (case when tg_op = 'INSERT' then null else old.user_id end),
                                (case when tg_op = 'DELETE' then null else new.user_id end)) as changed (user_id)
    where user_id is not null
  );
  return null;
end;
$$;

create trigger user_roles_sync_profile_role
  after insert or update or delete on public.user_roles
  for each row execute function public.sync_profile_role();

create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email, full_name)
  values (new.id, new.email, nullif(trim(new.raw_user_meta_data ->> 'full_name'), ''));
  insert into public.user_roles (user_id, role) values (new.id, 'student');
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

alter table public.profiles enable row level security;
alter table public.user_roles enable row level security;

create policy "Users read their own profile" on public.profiles
  for select to authenticated using (id = (select auth.uid()));
create policy "Admins read all profiles" on public.profiles
  for select to authenticated using ((select public.has_role(auth.uid(), 'admin')));

create policy "Users read their own roles" on public.user_roles
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins read all roles" on public.user_roles
  for select to authenticated using ((select public.has_role(auth.uid(), 'admin')));
