-- Cohorts: groups of students, group grants with an opening and an expiry date, and the
-- effective access every student page, function and policy reads. A student's own record wins;
-- otherwise the student's groups decide (open if any group opens it, hidden only if every group
-- that mentions it hides it); with no record anywhere an item is locked and visible (SPEC.md).
-- Dates apply at query time in the database's clock, so nothing needs a scheduler.

create table public.groups (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 100),
  created_at timestamptz not null default now()
);

create unique index groups_name_key on public.groups (lower(btrim(name)));

create table public.group_members (
  group_id uuid not null references public.groups (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  added_at timestamptz not null default now(),
  primary key (group_id, user_id)
);

create index group_members_user_idx on public.group_members (user_id);

create table public.group_module_access (
  group_id uuid not null references public.groups (id) on delete cascade,
  module_id uuid not null references public.course_modules (id) on delete cascade,
  is_unlocked boolean not null default false,
  is_visible boolean not null default true,
  unlock_at timestamptz,
  expires_at timestamptz,
  primary key (group_id, module_id),
  constraint group_module_access_dates check (unlock_at is null or expires_at is null or unlock_at < expires_at)
);

create table public.group_tool_access (
  group_id uuid not null references public.groups (id) on delete cascade,
  tool_id uuid not null references public.tech_tools (id) on delete cascade,
  is_unlocked boolean not null default false,
  is_visible boolean not null default true,
  unlock_at timestamptz,
  expires_at timestamptz,
  primary key (group_id, tool_id),
  constraint group_tool_access_dates check (unlock_at is null or expires_at is null or unlock_at < expires_at)
);

create table public.group_lesson_access (
  group_id uuid not null references public.groups (id) on delete cascade,
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  is_unlocked boolean not null default false,
  is_visible boolean not null default true,
  unlock_at timestamptz,
  expires_at timestamptz,
  primary key (group_id, lesson_id),
  constraint group_lesson_access_dates check (unlock_at is null or expires_at is null or unlock_at < expires_at)
);

create index group_module_access_module_idx on public.group_module_access (module_id);
create index group_tool_access_tool_idx on public.group_tool_access (tool_id);
create index group_lesson_access_lesson_idx on public.group_lesson_access (lesson_id);

-- A student's own records gain the same two dates.
alter table public.module_access
  add column unlock_at timestamptz,
  add column expires_at timestamptz,
  add constraint module_access_dates check (unlock_at is null or expires_at is null or unlock_at < expires_at);
alter table public.tool_access
  add column unlock_at timestamptz,
  add column expires_at timestamptz,
  add constraint tool_access_dates check (unlock_at is null or expires_at is null or unlock_at < expires_at);
alter table public.lesson_access
  add column unlock_at timestamptz,
  add column expires_at timestamptz,
  add constraint lesson_access_dates check (unlock_at is null or expires_at is null or unlock_at < expires_at);

-- Admins drop a personal override to let the groups decide again.
create policy "Admins drop module access" on public.module_access
  for delete to authenticated using ((select public.has_role(auth.uid(), 'admin')));
create policy "Admins drop tool access" on public.tool_access
  for delete to authenticated using ((select public.has_role(auth.uid(), 'admin')));
create policy "Admins drop lesson access" on public.lesson_access
  for delete to authenticated using ((select public.has_role(auth.uid(), 'admin')));

alter table public.groups enable row level security;
alter table public.group_members enable row level security;
alter table public.group_module_access enable row level security;
alter table public.group_tool_access enable row level security;
alter table public.group_lesson_access enable row level security;

create policy "Students read their own memberships" on public.group_members
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Students read their own groups" on public.groups
  for select to authenticated
  using (exists (select 1 from public.group_members m where m.group_id = id and m.user_id = (select auth.uid())));

do $$
declare
  cohort_table text;
begin
  foreach cohort_table in array array['groups', 'group_members', 'group_module_access', 'group_tool_access', 'group_lesson_access'] loop
    execute format(
      'create policy "Admins read %1$s" on public.%1$I for select to authenticated
         using ((select public.has_role(auth.uid(), ''admin'')))', cohort_table);
    execute format(
      'create policy "Admins add %1$s" on public.%1$I for insert to authenticated
         with check ((select public.has_role(auth.uid(), ''admin'')))', cohort_table);
    execute format(
      'create policy "Admins change %1$s" on public.%1$I for update to authenticated
         using ((select public.has_role(auth.uid(), ''admin'')))
         with check ((select public.has_role(auth.uid(), ''admin'')))', cohort_table);
    execute format(
      'create policy "Admins remove %1$s" on public.%1$I for delete to authenticated
         using ((select public.has_role(auth.uid(), ''admin'')))', cohort_table);
  end loop;
end;
$$;

-- Every record that speaks about a user's access: their own, and their groups' grants.
create function public.access_grants(_user_id uuid)
returns table (
  kind text, item_id uuid, personal boolean, group_name text,
  is_unlocked boolean, is_visible boolean, unlock_at timestamptz, expires_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select 'module', a.module_id, true, null, a.is_unlocked, a.is_visible, a.unlock_at, a.expires_at
  from public.module_access a where a.user_id = _user_id
  union all
  select 'tool', a.tool_id, true, null, a.is_unlocked, a.is_visible, a.unlock_at, a.expires_at
  from public.tool_access a where a.user_id = _user_id
  union all
  select 'lesson', a.lesson_id, true, null, a.is_unlocked, a.is_visible, a.unlock_at, a.expires_at
  from public.lesson_access a where a.user_id = _user_id
  union all
  select 'module', g.module_id, false, gr.name, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
  from public.group_module_access g
  join public.group_members m on m.group_id = g.group_id and m.user_id = _user_id
  join public.groups gr on gr.id = g.group_id
  union all
  select 'tool', g.tool_id, false, gr.name, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
  from public.group_tool_access g
  join public.group_members m on m.group_id = g.group_id and m.user_id = _user_id
  join public.groups gr on gr.id = g.group_id
  union all
  select 'lesson', g.lesson_id, false, gr.name, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
  from public.group_lesson_access g
  join public.group_members m on m.group_id = g.group_id and m.user_id = _user_id
  join public.groups gr on gr.id = g.group_id;
$$;

revoke execute on function public.access_grants(uuid) from public, anon, authenticated;

-- The effective access of every item some record speaks about, for one user; items without
-- a row have the defaults. Only the user, an admin or the service role may ask.
create function public.effective_access(_user_id uuid)
returns table (
  kind text, item_id uuid, is_unlocked boolean, is_visible boolean,
  -- 'personal' or 'group'; the deciding groups' names; the next opening; whether access ran out
  source text, group_names text[], opens_at timestamptz, expired boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  with grants as (
    select g.*,
      g.is_unlocked and (g.unlock_at is null or g.unlock_at <= now()) and (g.expires_at is null or now() < g.expires_at) as open_now
    from public.access_grants(_user_id) g
    where public.may_ask_about(_user_id)
  ),
  deciding as (
    select g.* from grants g
    where g.personal
      or not exists (select 1 from grants p where p.personal and p.kind = g.kind and p.item_id = g.item_id)
  )
  select d.kind, d.item_id,
    bool_or(d.open_now),
    bool_or(d.is_visible),
    case when bool_or(d.personal) then 'personal' else 'group' end,
    array_agg(d.group_name order by d.group_name) filter (where not d.personal),
    min(d.unlock_at) filter (where d.is_unlocked and d.unlock_at > now()),
    not bool_or(d.open_now) and coalesce(bool_and(coalesce(d.expires_at <= now(), false)) filter (where d.is_unlocked), false)
  from deciding d
  group by d.kind, d.item_id;
$$;

revoke execute on function public.effective_access(uuid) from public, anon;
grant execute on function public.effective_access(uuid) to authenticated, service_role;

-- One item's effective flags, or none when no record speaks about it.
create function public.effective_item(_user_id uuid, _kind text, _item_id uuid)
returns table (is_unlocked boolean, is_visible boolean)
language sql
stable
set search_path = ''
as $$
  select e.is_unlocked, e.is_visible from public.effective_access(_user_id) e
  where e.kind = _kind and e.item_id = _item_id;
$$;

-- The ids of one kind that are hidden from the user (for row level security: titles included).
create function public.hidden_item_ids(_user_id uuid, _kind text)
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(e.item_id), '{}') from public.effective_access(_user_id) e
  where e.kind = _kind and not e.is_visible;
$$;

revoke execute on function public.effective_item(uuid, text, uuid) from public, anon;
revoke execute on function public.hidden_item_ids(uuid, text) from public, anon;
grant execute on function public.effective_item(uuid, text, uuid) to authenticated, service_role;
grant execute on function public.hidden_item_ids(uuid, text) to authenticated, service_role;

-- Hidden items are not readable by the student at all, titles included.
drop policy "Signed-in users read course modules" on public.course_modules;
drop policy "Signed-in users read tools" on public.tech_tools;
drop policy "Signed-in users read tool modules" on public.modules;
drop policy "Signed-in users read lesson outlines" on public.lessons;

create policy "Students read course modules not hidden from them" on public.course_modules
  for select to authenticated
  using ((select public.has_role(auth.uid(), 'admin')) or not (id = any (cast((select public.hidden_item_ids(auth.uid(), 'module')) as uuid[]))));
create policy "Students read tools not hidden from them" on public.tech_tools
  for select to authenticated
  using ((select public.has_role(auth.uid(), 'admin')) or not (id = any (cast((select public.hidden_item_ids(auth.uid(), 'tool')) as uuid[]))));
create policy "Students read blocks of tools not hidden from them" on public.modules
  for select to authenticated
  using ((select public.has_role(auth.uid(), 'admin')) or not (tool_id = any (cast((select public.hidden_item_ids(auth.uid(), 'tool')) as uuid[]))));
create policy "Students read lesson outlines not hidden from them" on public.lessons
  for select to authenticated
  using (
    (select public.has_role(auth.uid(), 'admin'))
    or not (
      id = any (cast((select public.hidden_item_ids(auth.uid(), 'lesson')) as uuid[]))
      or coalesce(tool_id = any (cast((select public.hidden_item_ids(auth.uid(), 'tool')) as uuid[])), false)
    )
  );

-- The API's view of a student's effective access: the caller's own, or an admin's look at a student.
create function public.student_access(_student_id uuid default null)
returns table (
  kind text, item_id uuid, is_unlocked boolean, is_visible boolean,
  source text, group_names text[], opens_at timestamptz, expired boolean
)
language sql
stable
set search_path = ''
as $$
  select * from public.effective_access(coalesce(_student_id, auth.uid()));
$$;

revoke execute on function public.student_access(uuid) from public, anon;
grant execute on function public.student_access(uuid) to authenticated;

-- Adds students to a group by e-mail, all or none: unknown e-mails come back and nothing changes.
create function public.add_group_members(_group_id uuid, _emails text[])
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  unknown text[];
  added integer;
begin
  select coalesce(array_agg(e order by e), '{}') into unknown
  from (select distinct lower(btrim(e)) as e from unnest(_emails) e where btrim(e) <> '') wanted
  where not exists (select 1 from public.profiles p where lower(p.email) = wanted.e);
  if cardinality(unknown) > 0 then
    return jsonb_build_object('added', 0, 'unknown', to_jsonb(unknown));
  end if;
  insert into public.group_members (group_id, user_id)
  select _group_id, p.id from public.profiles p
  where lower(p.email) in (select lower(btrim(e)) from unnest(_emails) e)
  on conflict do nothing;
  get diagnostics added = row_count;
  return jsonb_build_object('added', added, 'unknown', '[]'::jsonb);
end;
$$;

revoke execute on function public.add_group_members(uuid, text[]) from public, anon;
grant execute on function public.add_group_members(uuid, text[]) to authenticated;

-- A group's admin page in one round trip: the group, its members and its grants (read with the
-- caller's rights: only admins see any of it).
create function public.group_page(_group_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'group', (select jsonb_build_object('id', g.id, 'name', g.name) from public.groups g where g.id = _group_id),
    'members', coalesce((
      select jsonb_agg(jsonb_build_object('id', p.id, 'email', p.email, 'full_name', p.full_name) order by p.email)
      from public.group_members m join public.profiles p on p.id = m.user_id
      where m.group_id = _group_id
    ), '[]'::jsonb),
    'grants', coalesce((
      select jsonb_agg(grant_row) from (
        select jsonb_build_object('kind', 'module', 'item_id', module_id, 'is_unlocked', is_unlocked, 'is_visible', is_visible,
          'unlock_at', unlock_at, 'expires_at', expires_at) as grant_row
        from public.group_module_access where group_id = _group_id
        union all
        select jsonb_build_object('kind', 'tool', 'item_id', tool_id, 'is_unlocked', is_unlocked, 'is_visible', is_visible,
          'unlock_at', unlock_at, 'expires_at', expires_at)
        from public.group_tool_access where group_id = _group_id
        union all
        select jsonb_build_object('kind', 'lesson', 'item_id', lesson_id, 'is_unlocked', is_unlocked, 'is_visible', is_visible,
          'unlock_at', unlock_at, 'expires_at', expires_at)
        from public.group_lesson_access where group_id = _group_id
      ) grants
    ), '[]'::jsonb)
  );
$$;

revoke execute on function public.group_page(uuid) from public, anon;
grant execute on function public.group_page(uuid) to authenticated;
