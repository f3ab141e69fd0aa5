-- Issue 44: a stop-lesson holds only what follows it, so only stop-lessons are examined.
-- lesson_holds asked the student's own record (effective_item, ~0.1 ms a call through the kept
-- lists) for every published lesson of every tool and course module of the lessons asked, before
-- it looked for stop-lessons: 335 calls, 32 ms, for a dashboard at the realistic scale school. Now it
-- finds the unaccepted stop-lessons of those tools and modules first (none: nothing is held, and no
-- sequence is built), checks the student's own records for those alone against one read of the
-- lesson lists, and numbers the lessons only of the tools and modules that have such a stop-lesson.
-- Same answers, same signature.

create or replace function public.lesson_holds(_user_id uuid, _lesson_ids uuid[])
returns table (lesson_id uuid, stop_lesson_id uuid)
language plpgsql stable security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  asked_tools uuid[];
  asked_modules uuid[];
  stops uuid[];
  stop_tools uuid[];
  stop_modules uuid[];
  access record;
begin
  -- Admins pass every stop; nobody learns about another student's work.
  if coalesce(cardinality(_lesson_ids), 0) = 0 or not public.may_ask_about(_user_id) or public.user_is_admin(_user_id) then
    return;
  end if;
  -- The tools and course modules of the lessons asked, as arrays, each lesson read by its key (a
  -- filter id = any(_lesson_ids) compared every lesson with every id asked; a hashed IN over a
  -- column with nulls, a lesson having a tool or a course module, searched the whole table on a miss).
  select array_agg(distinct x.tool_id) filter (where x.tool_id is not null),
    array_agg(distinct x.course_module_id) filter (where x.course_module_id is not null)
  into asked_tools, asked_modules
  from unnest(_lesson_ids) asked(id) join public.lessons x on x.id = asked.id;
  -- The unaccepted stop-lessons in those tools and course modules: only they can hold anything.
  select array_agg(l.id), array_agg(distinct l.tool_id) filter (where l.tool_id is not null),
    array_agg(distinct l.course_module_id) filter (where l.course_module_id is not null)
  into stops, stop_tools, stop_modules
  from public.assignments a
  join public.lessons l on l.id = a.lesson_id
  left join public.modules m on m.id = l.module_id
  where a.is_stop_lesson and l.is_published and (l.module_id is null or m.is_published)
    and (l.tool_id = any (asked_tools) or l.course_module_id = any (asked_modules))
    and not exists (
      select 1 from public.submissions sub
      where sub.assignment_id = a.id and sub.user_id = _user_id and sub.status = 'accepted'
    );
  if stops is null then
    return;
  end if;
  -- A stop-lesson the student's own record locks or hides cannot be handed in: it holds nothing.
  access := public.viewer_access_ids(_user_id, 'lesson');
  stops := array(
    select s from unnest(stops) s
    where not (s = any (access.decided)) or (s = any (access.unlocked) and s = any (access.visible))
  );
  if cardinality(stops) = 0 then
    return;
  end if;
  return query
    with sequence as materialized (
      select l.id,
        coalesce(l.tool_id, l.course_module_id) as parent_id,
        row_number() over (
          partition by coalesce(l.tool_id, l.course_module_id)
          order by (l.module_id is not null), coalesce(m.order_index, 0), l.order_index, l.id
        ) as position
      from public.lessons l
      left join public.modules m on m.id = l.module_id
      where l.is_published
        and (l.module_id is null or m.is_published)
        and (l.tool_id = any (stop_tools) or l.course_module_id = any (stop_modules))
    ),
    first_open_stop as (
      select distinct on (s.parent_id) s.parent_id, s.position, s.id
      from sequence s
      where s.id = any(stops)
      order by s.parent_id, s.position
    )
    select s.id, f.id
    from sequence s
    join first_open_stop f on f.parent_id = s.parent_id and s.position > f.position
    where s.id = any(_lesson_ids);
end;
$$;

comment on function public.lesson_holds(uuid, uuid[]) is
  'The lessons among _lesson_ids an unaccepted stop-lesson keeps closed for _user_id, each with that stop-lesson (the first unaccepted one before it in its tool or course module that the student may open). Empty for admins and for anyone but the student, a service call or an admin asking. held_lesson_ids is its set of lessons. Only stop-lessons are examined (issue 44): it first finds the unaccepted stop-lessons in the tools and modules of the lessons asked and answers at once when there are none; the student''s own records (viewer_access_ids, read once) are checked for those stop-lessons alone, and only tools and modules with such a stop-lesson are numbered. Checking the record of every lesson of every open tool cost 32 ms on a dashboard at the scale school. PL/pgSQL with plan_cache_mode force_generic_plan: its queries keep one plan for the connection''s life (one plan fits every value; the early answers skip planning the numbering at all on a connection that never meets a stop-lesson).';

-- dashboard_page: passed lessons counted by a join (a look-up in the progress rows per lesson grew with
-- lessons × progress), and the stop-lessons asked only about the lessons «Продолжить» could lead to.

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
    -- Nor a lesson a stop-lesson holds: «Продолжить» never leads to a closed door.
    held as (
      select unnest(public.held_lesson_ids(viewer, array(select c.lesson_id from candidates c))) as id
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
  'The student''s dashboard in one call: name and role, lessons passed of those open in each track, and «Продолжить»: the last opened lesson the viewer may still open (not closed by a record, not held by a stop-lesson). The viewer''s access to all three kinds is computed once (viewer_access_ids) and the rule applied to it here rather than asking can_open_lesson lesson by lesson. Passed lessons are counted by a join of the visible lessons with the progress rows (a look-up in the progress rows for each lesson grew with lessons × progress: 5–62 ms p50 across students of the realistic scale school), and the stop-lessons (held_lesson_ids) are asked only about the opened lessons no record closes, the ones «Продолжить» could lead to. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';
