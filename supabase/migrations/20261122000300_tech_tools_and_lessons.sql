-- Tech Founder track: no-code tools, module blocks inside a tool, video lessons,
-- and per-student access to tools and lessons.

create table public.tech_tools (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text,
  order_index integer not null default 0,
  created_at timestamptz not null default now()
);

create index tech_tools_order_idx on public.tech_tools (order_index);
create index tech_tools_lower_name_idx on public.tech_tools (lower(name));

create table public.tool_access (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  tool_id uuid not null references public.tech_tools (id) on delete cascade,
  is_unlocked boolean not null default false,
  is_visible boolean not null default true,
  unlocked_at timestamptz,
  unique (user_id, tool_id)
);

create index tool_access_tool_idx on public.tool_access (tool_id);

create table public.modules (
  id uuid primary key default gen_random_uuid(),
  tool_id uuid not null references public.tech_tools (id) on delete cascade,
  name text not null,
  description text,
  order_index integer not null default 0,
  created_at timestamptz not null default now()
);

create index modules_tool_order_idx on public.modules (tool_id, order_index);

create table public.lessons (
  id uuid primary key default gen_random_uuid(),
  tool_id uuid not null references public.tech_tools (id) on delete cascade,
  module_id uuid references public.modules (id) on delete cascade,
  title text not null,
  description text,
  video_url text,
  order_index integer not null default 0,
  created_at timestamptz not null default now()
);

create index lessons_tool_order_idx on public.lessons (tool_id, order_index);
create index lessons_module_idx on public.lessons (module_id);

create table public.lesson_access (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  is_unlocked boolean not null default false,
  is_visible boolean not null default true,
  unlocked_at timestamptz,
  unique (user_id, lesson_id)
);

create index lesson_access_lesson_idx on public.lesson_access (lesson_id);

create trigger tool_access_stamp_unlocked_at
  before insert or update on public.tool_access
  for each row execute function public.stamp_unlocked_at();

create trigger lesson_access_stamp_unlocked_at
  before insert or update on public.lesson_access
  for each row execute function public.stamp_unlocked_at();

alter table public.tech_tools enable row level security;
alter table public.tool_access enable row level security;
alter table public.modules enable row level security;
alter table public.lessons enable row level security;
alter table public.lesson_access enable row level security;

create policy "Signed-in users read tools" on public.tech_tools
  for select to authenticated using (true);
create policy "Signed-in users read tool modules" on public.modules
  for select to authenticated using (true);
create policy "Signed-in users read lesson outlines" on public.lessons
  for select to authenticated using (true);

create policy "Students read their own tool access" on public.tool_access
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins read all tool access" on public.tool_access
  for select to authenticated using ((select public.has_role(auth.uid(), 'admin')));
create policy "Admins grant tool access" on public.tool_access
  for insert to authenticated with check ((select public.has_role(auth.uid(), 'admin')));
create policy "Admins change tool access" on public.tool_access
  for update to authenticated
  using ((select public.has_role(auth.uid(), 'admin')))
  with check ((select public.has_role(auth.uid(), 'admin')));

create policy "Students read their own lesson access" on public.lesson_access
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins read all lesson access" on public.lesson_access
  for select to authenticated using ((select public.has_role(auth.uid(), 'admin')));
create policy "Admins grant lesson access" on public.lesson_access
  for insert to authenticated with check ((select public.has_role(auth.uid(), 'admin')));
create policy "Admins change lesson access" on public.lesson_access
  for update to authenticated
  using ((select public.has_role(auth.uid(), 'admin')))
  with check ((select public.has_role(auth.uid(), 'admin')));

-- A lesson's outline is public to signed-in users, its content is not: the API roles may
-- select only the outline columns, and description/video_url come through lesson_content,
-- which checks the caller's access to the lesson and to its tool.
revoke select on public.lessons from anon, authenticated;
grant select (id, tool_id, module_id, title, order_index, created_at) on public.lessons to authenticated;

create function public.can_open_lesson(_user_id uuid, _lesson_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.has_role(_user_id, 'admin') or (
    exists (
      select 1
      from public.lessons l
      join public.tool_access ta on ta.tool_id = l.tool_id and ta.user_id = _user_id
      where l.id = _lesson_id and ta.is_unlocked and ta.is_visible
    )
    and not exists (
      select 1 from public.lesson_access la
      where la.lesson_id = _lesson_id and la.user_id = _user_id
        and not (la.is_unlocked and la.is_visible)
    )
  );
$$;

create function public.lesson_content(_lesson_id uuid)
returns table (description text, video_url text)
language sql
stable
security definer
set search_path = ''
as $$
  select l.description, l.video_url
  from public.lessons l
  where l.id = _lesson_id and public.can_open_lesson(auth.uid(), _lesson_id);
$$;

revoke execute on function public.lesson_content(uuid) from public, anon;
revoke execute on function public.can_open_lesson(uuid, uuid) from public, anon;
grant execute on function public.lesson_content(uuid) to authenticated;
grant execute on function public.can_open_lesson(uuid, uuid) to authenticated;

-- Everything a tool's pages need in one round trip, read with the caller's rights
-- (security invoker), so row level security and column privileges still apply.
create function public.tool_page(_tool_name text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with tool as (
    select t.id, t.name, t.description
    from public.tech_tools t
    where lower(t.name) = lower(_tool_name)
    order by t.order_index, t.id
    limit 1
  )
  select jsonb_build_object(
    'tool', (select to_jsonb(tool) from tool),
    'access', (
      select jsonb_build_object('is_unlocked', a.is_unlocked, 'is_visible', a.is_visible)
      from public.tool_access a join tool on a.tool_id = tool.id
      where a.user_id = auth.uid()
    ),
    'modules', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', m.id, 'name', m.name, 'description', m.description, 'order_index', m.order_index
      ) order by m.order_index, m.id)
      from public.modules m join tool on m.tool_id = tool.id
    ), '[]'::jsonb),
    'lessons', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', l.id, 'module_id', l.module_id, 'title', l.title, 'order_index', l.order_index
      ) order by l.order_index, l.id)
      from public.lessons l join tool on l.tool_id = tool.id
    ), '[]'::jsonb),
    'lesson_access', coalesce((
      select jsonb_agg(jsonb_build_object(
        'lesson_id', la.lesson_id, 'is_unlocked', la.is_unlocked, 'is_visible', la.is_visible
      ))
      from public.lesson_access la
      join public.lessons l on l.id = la.lesson_id
      join tool on l.tool_id = tool.id
      where la.user_id = auth.uid()
    ), '[]'::jsonb)
  );
$$;

create function public.lesson_page(_tool_name text, _lesson_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.tool_page(_tool_name) || jsonb_build_object(
    'content', (select to_jsonb(c) from public.lesson_content(_lesson_id) c)
  );
$$;

revoke execute on function public.tool_page(text) from public, anon;
revoke execute on function public.lesson_page(text, uuid) from public, anon;
grant execute on function public.tool_page(text) to authenticated;
grant execute on function public.lesson_page(text, uuid) to authenticated;
