-- Each page function answers with the lessons of its list the viewer completed, so a lesson list
-- or a lesson page is one request to the database instead of two. Read with the caller's rights:
-- row level security on lesson_progress decides whose progress is readable, as before.

create or replace function public.lesson_list(_lesson_ids uuid[], _user_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'lessons', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', l.id, 'module_id', l.module_id, 'title', l.title, 'order_index', l.order_index
      ) order by l.order_index, l.id)
      from public.lessons l
      where l.id = any(_lesson_ids)
    ), '[]'::jsonb),
    'lesson_access', coalesce((
      select jsonb_agg(jsonb_build_object(
        'lesson_id', e.item_id, 'is_unlocked', e.is_unlocked, 'is_visible', e.is_visible
      ))
      from public.effective_access(_user_id) e
      where e.kind = 'lesson' and e.item_id = any(_lesson_ids)
    ), '[]'::jsonb),
    'completed', coalesce((
      select jsonb_agg(p.lesson_id order by p.lesson_id)
      from public.lesson_progress p
      where p.user_id = _user_id and p.lesson_id = any(_lesson_ids) and p.completed_at is not null
    ), '[]'::jsonb)
  );
$$;

-- The track pages in one round trip each: the published items, the viewer's effective access to
-- them and their progress, as three requests returned before. Read with the caller's rights; an
-- admin may pass a student's id (the functions called here check who may ask about whom).

-- One kind's effective access of the viewer, as the track pages hand it to the app.
create function public.track_access(_student_id uuid, _kind text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('item_id', a.item_id, 'is_unlocked', a.is_unlocked, 'is_visible', a.is_visible)), '[]'::jsonb)
  from public.student_access(_student_id) a
  where a.kind = _kind;
$$;

create function public.tools_page(_student_id uuid default null)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', t.id, 'name', t.name, 'description', t.description, 'order_index', t.order_index
      ) order by t.order_index, t.id)
      from public.tech_tools t
      where t.is_published
    ), '[]'::jsonb),
    'access', public.track_access(_student_id, 'tool'),
    'progress', public.progress_summary(_student_id) -> 'tools'
  );
$$;

create function public.course_modules_page(_student_id uuid default null)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', c.id, 'title', c.title, 'description', c.description, 'order_index', c.order_index
      ) order by c.order_index, c.id)
      from public.course_modules c
      where c.is_published
    ), '[]'::jsonb),
    'access', public.track_access(_student_id, 'module'),
    'progress', public.progress_summary(_student_id) -> 'course_modules'
  );
$$;

revoke execute on function public.track_access(uuid, text) from public, anon;
revoke execute on function public.tools_page(uuid) from public, anon;
revoke execute on function public.course_modules_page(uuid) from public, anon;
grant execute on function public.track_access(uuid, text) to authenticated;
grant execute on function public.tools_page(uuid) to authenticated;
grant execute on function public.course_modules_page(uuid) to authenticated;

-- The dashboard reads the lessons the student sees once, for both the progress and «Продолжить»
-- (each read asks row level security and the effective access again).
create or replace function public.dashboard_page(_student_id uuid default null)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with viewer as (
    select coalesce(_student_id, auth.uid()) as id
  ),
  effective as materialized (
    select * from public.effective_access((select id from viewer))
  ),
  open_tools as (
    select e.item_id as id from effective e where e.kind = 'tool' and e.is_unlocked and e.is_visible
  ),
  open_modules as (
    select e.item_id as id from effective e where e.kind = 'module' and e.is_unlocked and e.is_visible
  ),
  visible as materialized (
    select v.* from public.visible_lessons((select id from viewer)) v
    where v.tool_id in (select id from open_tools) or v.course_module_id in (select id from open_modules)
  ),
  progress as materialized (
    select p.lesson_id, p.completed_at, p.last_opened_at from public.lesson_progress p
    where p.user_id = (select id from viewer) and p.lesson_id in (select id from visible)
  ),
  counted as (
    select v.tool_id, v.course_module_id, exists (select 1 from progress p where p.lesson_id = v.id and p.completed_at is not null) as completed
    from visible v
  ),
  last_lesson as (
    select v.id, v.title, t.name as tool_name, c.id as course_module_id, c.title as course_module_title
    from progress p
    join visible v on v.id = p.lesson_id
    left join public.tech_tools t on t.id = v.tool_id
    left join public.course_modules c on c.id = v.course_module_id
    where p.last_opened_at is not null
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
