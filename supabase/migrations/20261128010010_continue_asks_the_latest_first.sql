-- Issue 44: «Продолжить» on the dashboard asks the stop-lessons about the latest opened lessons
-- first. It asked lesson_holds about every opened lesson no record closes (129 for the median
-- student of the scale school), which numbered the lessons of every tool and module with a
-- stop-lesson among them; the answer is the latest opened one not held, so when none of the latest
-- is held (as almost always), only their tools are numbered. Same answers, same signature.

create or replace function public.dashboard_page(_student_id uuid default null)
returns jsonb
language plpgsql stable
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  viewer constant uuid := coalesce(_student_id, auth.uid());
  tools record := public.viewer_access_ids(viewer, 'tool');
  course_modules record := public.viewer_access_ids(viewer, 'module');
  lessons record := public.viewer_access_ids(viewer, 'lesson');
begin
  return (
    with open_tools as (
      select unnest(tools.unlocked) as id intersect select unnest(tools.visible)
    ),
    open_modules as (
      select unnest(course_modules.unlocked) as id intersect select unnest(course_modules.visible)
    ),
    closed_lessons as (
      select unnest(lessons.decided) as id except (select unnest(lessons.unlocked) intersect select unnest(lessons.visible))
    ),
    visible as materialized (
      select v.* from public.visible_lessons(viewer) v
      where v.tool_id in (select id from open_tools) or v.course_module_id in (select id from open_modules)
    ),
    progress as materialized (
      select p.lesson_id, p.completed_at, p.last_opened_at from public.lesson_progress p
      where p.user_id = viewer and p.lesson_id in (select id from visible)
    ),
    counted as (
      -- One progress row at most per lesson: a hash join, not a look-up in progress per lesson.
      select v.tool_id, v.course_module_id, p.completed_at is not null as completed
      from visible v left join progress p on p.lesson_id = v.id
    ),
    -- What can_open_lesson asks beyond the above, against the access computed once.
    candidates as materialized (
      select p.lesson_id, p.last_opened_at from progress p
      where p.last_opened_at is not null and p.lesson_id not in (select id from closed_lessons)
    ),
    -- Nor a lesson a stop-lesson holds: «Продолжить» never leads to a closed door. The latest opened
    -- are asked first: when none of them is held, one of them is the answer, and the stop-lessons
    -- are numbered in their tools alone; otherwise every candidate is asked.
    latest as (
      select c.lesson_id from candidates c where c.last_opened_at = (select max(l.last_opened_at) from candidates l)
    ),
    held as (
      select unnest(case
        when cardinality(public.held_lesson_ids(viewer, array(select l.lesson_id from latest l))) = 0 then '{}'::uuid[]
        else public.held_lesson_ids(viewer, array(select c.lesson_id from candidates c))
      end) as id
    ),
    last_lesson as (
      select v.id, v.title, t.name as tool_name, cm.id as course_module_id, cm.title as course_module_title
      from candidates c
      join visible v on v.id = c.lesson_id
      left join public.tech_tools t on t.id = v.tool_id
      left join public.course_modules cm on cm.id = v.course_module_id
      where v.id not in (select id from held)
      order by c.last_opened_at desc
      limit 1
    )
    select jsonb_build_object(
      'profile', (select jsonb_build_object('role', p.role, 'full_name', p.full_name) from public.profiles p where p.id = viewer),
      'product_founder', (
        select jsonb_build_object('total', count(*), 'completed', count(*) filter (where completed))
        from counted where course_module_id is not null
      ),
      'tech_founder', (
        select jsonb_build_object('total', count(*), 'completed', count(*) filter (where completed))
        from counted where tool_id is not null
      ),
      'continue', (select to_jsonb(last_lesson) from last_lesson)
    )
  );
end;
$$;

comment on function public.dashboard_page(uuid) is
  'The student''s dashboard in one call: name and role, lessons passed of those open in each track, and «Продолжить»: the last opened lesson the viewer may still open (not closed by a record, not held by a stop-lesson). The viewer''s access to all three kinds is computed once (viewer_access_ids) and the rule applied to it here rather than asking can_open_lesson lesson by lesson. Passed lessons are counted by a join of the visible lessons with the progress rows (a look-up in the progress rows for each lesson grew with lessons × progress: 5–62 ms p50 across students of the realistic scale school), and the stop-lessons (held_lesson_ids) are asked only about the opened lessons no record closes, the ones «Продолжить» could lead to. The latest opened of those lessons are asked first: when none of them is held, one of them is the answer and only their tools'' stop-lessons are numbered (lesson_holds 1.1 → 0.5 ms for the median student of the scale school); otherwise every candidate is asked. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

revoke all on function public.dashboard_page(uuid) from public;
grant all on function public.dashboard_page(uuid) to authenticated;
grant all on function public.dashboard_page(uuid) to service_role;
