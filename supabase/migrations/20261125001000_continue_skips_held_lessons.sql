-- «Продолжить» on the dashboard skips lessons a stop-lesson holds for the student.
create or replace function public.dashboard_page(_student_id uuid default null) returns jsonb
  language sql stable
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
  held as (
    select unnest(public.held_lesson_ids((select id from viewer), array(select lesson_id from progress))) as id
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
      -- Nor a lesson a stop-lesson holds: «Продолжить» never leads to a closed door.
      and v.id not in (select id from held)
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
