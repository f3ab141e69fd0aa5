-- Progress: which lessons a student finished and opened last, counted over the lessons the
-- student can see, and each student's last activity for the admin.

create table public.lesson_progress (
  user_id uuid not null references auth.users (id) on delete cascade,
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  completed_at timestamptz,
  last_opened_at timestamptz,
  primary key (user_id, lesson_id)
);

create index lesson_progress_lesson_idx on public.lesson_progress (lesson_id);
create index lesson_progress_recent_idx on public.lesson_progress (user_id, last_opened_at desc);

alter table public.lesson_progress enable row level security;

create policy "Students read their own progress" on public.lesson_progress
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins read all progress" on public.lesson_progress
  for select to authenticated using ((select public.has_role(auth.uid(), 'admin')));
-- Written only through record_lesson_opened and set_lesson_completed, which stamp the database's
-- time for the caller and check the lesson may be opened: no one picks their own dates.
revoke insert, update, delete on public.lesson_progress from anon, authenticated;

-- The admin's «last activity», kept by the database (students cannot write profiles).
alter table public.profiles add column last_activity_at timestamptz;
create index profiles_role_activity_idx on public.profiles (role, last_activity_at desc nulls last);

create function public.stamp_last_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set last_activity_at = now() where id = new.user_id;
  return new;
end;
$$;

revoke execute on function public.stamp_last_activity() from public, anon, authenticated;

create trigger lesson_progress_stamp_last_activity
  after insert or update on public.lesson_progress
  for each row execute function public.stamp_last_activity();

-- Writes the app makes: the database owns the clock and checks the lesson may be opened.

create function public.record_lesson_opened(_lesson_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.lesson_progress (user_id, lesson_id, last_opened_at)
  select auth.uid(), _lesson_id, now()
  where public.can_open_lesson(auth.uid(), _lesson_id)
  on conflict (user_id, lesson_id) do update set last_opened_at = excluded.last_opened_at;
$$;

-- True when written; false when the lesson is not open for the caller.
create function public.set_lesson_completed(_lesson_id uuid, _completed boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.lesson_progress (user_id, lesson_id, completed_at)
  select auth.uid(), _lesson_id, case when _completed then now() end
  where public.can_open_lesson(auth.uid(), _lesson_id)
  on conflict (user_id, lesson_id) do update
    set completed_at = case when _completed then coalesce(public.lesson_progress.completed_at, now()) end;
  return found;
end;
$$;

revoke execute on function public.record_lesson_opened(uuid) from public, anon;
revoke execute on function public.set_lesson_completed(uuid, boolean) from public, anon;
grant execute on function public.record_lesson_opened(uuid) to authenticated;
grant execute on function public.set_lesson_completed(uuid, boolean) to authenticated;

-- What counts: lessons a user sees in a list (published, under published parents, not hidden by
-- the user's own record), locked ones included. Read with the caller's rights.
create function public.visible_lessons(_user_id uuid)
returns table (id uuid, title text, tool_id uuid, module_id uuid, course_module_id uuid, order_index integer)
language sql
stable
set search_path = ''
as $$
  select l.id, l.title, l.tool_id, l.module_id, l.course_module_id, l.order_index
  from public.lessons l
  where l.is_published
    and (l.tool_id is null or exists (select 1 from public.tech_tools t where t.id = l.tool_id and t.is_published))
    and (l.module_id is null or exists (select 1 from public.modules m where m.id = l.module_id and m.is_published))
    and (l.course_module_id is null
      or exists (select 1 from public.course_modules c where c.id = l.course_module_id and c.is_published))
    and not (l.id = any (cast((select public.hidden_item_ids(_user_id, 'lesson')) as uuid[])));
$$;

-- Each lesson the user sees, and whether the user completed it.
create function public.lesson_completion(_user_id uuid)
returns table (id uuid, tool_id uuid, course_module_id uuid, completed boolean)
language sql
stable
set search_path = ''
as $$
  select v.id, v.tool_id, v.course_module_id, (p.completed_at is not null)
  from public.visible_lessons(_user_id) v
  left join public.lesson_progress p on p.lesson_id = v.id and p.user_id = _user_id;
$$;

-- Per tool and per course module: visible lessons and how many of them the user completed.
create function public.progress_summary(_student_id uuid default null)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with counted as (
    select * from public.lesson_completion(coalesce(_student_id, auth.uid()))
  )
  select jsonb_build_object(
    'tools', coalesce((
      select jsonb_agg(parent) from (
        select jsonb_build_object('id', tool_id, 'total', count(*), 'completed', count(*) filter (where completed)) as parent
        from counted where tool_id is not null group by tool_id
      ) per_tool
    ), '[]'::jsonb),
    'course_modules', coalesce((
      select jsonb_agg(parent) from (
        select jsonb_build_object('id', course_module_id, 'total', count(*), 'completed', count(*) filter (where completed)) as parent
        from counted where course_module_id is not null group by course_module_id
      ) per_module
    ), '[]'::jsonb)
  );
$$;

revoke execute on function public.visible_lessons(uuid) from public, anon;
revoke execute on function public.lesson_completion(uuid) from public, anon;
revoke execute on function public.progress_summary(uuid) from public, anon;
grant execute on function public.visible_lessons(uuid) to authenticated;
grant execute on function public.lesson_completion(uuid) to authenticated;
grant execute on function public.progress_summary(uuid) to authenticated;

-- The dashboard in one round trip: greeting, each track's progress over the tools and modules
-- open to the student, and the last opened lesson the student may still open («Продолжить»).
create function public.dashboard_page(_student_id uuid default null)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with viewer as (
    select coalesce(_student_id, auth.uid()) as id
  ),
  effective as (
    select * from public.effective_access((select id from viewer))
  ),
  open_items as (
    select e.kind, e.item_id as id from effective e
    where e.kind in ('tool', 'module') and e.is_unlocked and e.is_visible
  ),
  open_tools as (
    select id from open_items where kind = 'tool'
  ),
  open_modules as (
    select id from open_items where kind = 'module'
  ),
  counted as (
    select c.* from public.lesson_completion((select id from viewer)) c
    where c.tool_id in (select id from open_tools) or c.course_module_id in (select id from open_modules)
  ),
  last_lesson as (
    select v.id, v.title, t.name as tool_name, c.id as course_module_id, c.title as course_module_title
    from public.lesson_progress p
    join public.visible_lessons((select id from viewer)) v on v.id = p.lesson_id
    left join public.tech_tools t on t.id = v.tool_id
    left join public.course_modules c on c.id = v.course_module_id
    where p.user_id = (select id from viewer) and p.last_opened_at is not null
      and (v.tool_id in (select id from open_tools) or v.course_module_id in (select id from open_modules))
      -- What can_open_lesson asks beyond the above, against the access computed once.
      and not exists (
        select 1 from effective e where e.kind = 'lesson' and e.item_id = v.id and not (e.is_unlocked and e.is_visible)
      )
    order by p.last_opened_at desc
    limit 1
  )
  select jsonb_build_object(
    'profile', (select jsonb_build_object('role', p.role, 'full_name', p.full_name) from public.profiles p where p.id = (select id from viewer)),
    'product_founder', (
      select jsonb_build_object('total', count(*), 'completed', count(*) filter (where completed))
      from counted where course_module_id is not null
    ),
    'tech_founder', (
      select jsonb_build_object('total', count(*), 'completed', count(*) filter (where completed))
      from counted where tool_id is not null
    ),
    'continue', (select to_jsonb(last_lesson) from last_lesson)
  );
$$;

revoke execute on function public.dashboard_page(uuid) from public, anon;
grant execute on function public.dashboard_page(uuid) to authenticated;
