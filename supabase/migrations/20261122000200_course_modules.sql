-- Product Founder track: ordered course modules and per-student access to them.

create table public.course_modules (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  description text,
  order_index integer not null default 0,
  created_at timestamptz not null default now()
);

create index course_modules_order_idx on public.course_modules (order_index);

create table public.module_access (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  module_id uuid not null references public.course_modules (id) on delete cascade,
  is_unlocked boolean not null default false,
  is_visible boolean not null default true,
  unlocked_at timestamptz,
  unique (user_id, module_id)
);

create index module_access_module_idx on public.module_access (module_id);

-- unlocked_at follows is_unlocked: set when access opens, cleared when it closes,
-- kept when only the visibility changes. The database owns the clock.
create function public.stamp_unlocked_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not new.is_unlocked then
    new.unlocked_at := null;
  elsif tg_op = 'INSERT' or not old.is_unlocked then
    new.unlocked_at := now();
  else
    new.unlocked_at := old.unlocked_at;
  end if;
  return new;
end;
$$;

create trigger module_access_stamp_unlocked_at
  before insert or update on public.module_access
  for each row execute function public.stamp_unlocked_at();

alter table public.course_modules enable row level security;
alter table public.module_access enable row level security;

create policy "Signed-in users read course modules" on public.course_modules
  for select to authenticated using (true);

create policy "Students read their own module access" on public.module_access
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins read all module access" on public.module_access
  for select to authenticated using ((select public.has_role(auth.uid(), 'admin')));
create policy "Admins grant module access" on public.module_access
  for insert to authenticated with check ((select public.has_role(auth.uid(), 'admin')));
create policy "Admins change module access" on public.module_access
  for update to authenticated
  using ((select public.has_role(auth.uid(), 'admin')))
  with check ((select public.has_role(auth.uid(), 'admin')));
