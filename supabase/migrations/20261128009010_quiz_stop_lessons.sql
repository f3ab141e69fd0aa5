-- Issue 46: a published quiz with is_stop_lesson holds the lessons after its own, as a homework
-- stop-lesson does (the same «why»: held, held_by the quiz's lesson), until the student has a passed
-- attempt; and «Отметить пройденным» refuses a lesson with a published quiz, which only passing the
-- quiz passes. lesson_holds is the one place that asks about stop-lessons (held_lesson_ids,
-- decide_can_open_lesson, lesson_list, access_verdicts and the dashboard read it), so only it changes.

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
  -- The stop-lessons not yet passed in those tools and course modules: only they can hold anything.
  -- Two kinds hold (issue 46): homework until a work is accepted, a published quiz until an attempt passes.
  select array_agg(distinct l.id), array_agg(distinct l.tool_id) filter (where l.tool_id is not null),
    array_agg(distinct l.course_module_id) filter (where l.course_module_id is not null)
  into stops, stop_tools, stop_modules
  from (
    select a.lesson_id from public.assignments a
    where a.is_stop_lesson
      and not exists (
        select 1 from public.submissions sub
        where sub.assignment_id = a.id and sub.user_id = _user_id and sub.status = 'accepted'
      )
    union
    select q.lesson_id from public.quizzes q
    where q.is_stop_lesson and q.is_published
      and not exists (
        select 1 from public.quiz_attempts t
        where t.quiz_id = q.id and t.user_id = _user_id and t.passed
      )
  ) stop
  join public.lessons l on l.id = stop.lesson_id
  left join public.modules m on m.id = l.module_id
  where l.is_published and (l.module_id is null or m.is_published)
    and (l.tool_id = any (asked_tools) or l.course_module_id = any (asked_modules));
  if stops is null then
    return;
  end if;
  -- A stop-lesson the student's own record locks or hides cannot be handed in nor taken: it holds nothing.
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
  'The lessons among _lesson_ids a stop-lesson not yet passed keeps closed for _user_id, each with that stop-lesson (the first such one before it in its tool or course module that the student may open). A stop-lesson is a lesson whose assignment is_stop_lesson, until a work of theirs is accepted, or whose published quiz is_stop_lesson, until an attempt of theirs passes (issue 46). Empty for admins and for anyone but the student, a service call or an admin asking. held_lesson_ids is its set of lessons. Only stop-lessons are examined (issue 44): it first finds the stop-lessons not yet passed in the tools and modules of the lessons asked and answers at once when there are none; the student''s own records (viewer_access_ids, read once) are checked for those stop-lessons alone, and only tools and modules with such a stop-lesson are numbered. Checking the record of every lesson of every open tool cost 32 ms on a dashboard at the scale school. PL/pgSQL with plan_cache_mode force_generic_plan: its queries keep one plan for the connection''s life (one plan fits every value; the early answers skip planning the numbering at all on a connection that never meets a stop-lesson).';

create or replace function public.set_lesson_completed(_lesson_id uuid, _completed boolean) returns boolean
  language plpgsql security definer
  set search_path to ''
as $$
begin
  if exists (select 1 from public.assignments where lesson_id = _lesson_id)
    or exists (select 1 from public.quizzes where lesson_id = _lesson_id and is_published)
    or not public.can_open_lesson(auth.uid(), _lesson_id) then
    return false;
  end if;
  if _completed then
    perform public.pass_lesson(auth.uid(), _lesson_id);
  else
    update public.lesson_progress set completed_at = null
    where user_id = auth.uid() and lesson_id = _lesson_id;
  end if;
  return true;
end;
$$;

comment on function public.set_lesson_completed(uuid, boolean) is
  'Marks a lesson the caller may open as passed (pass_lesson, keeping the first time it was passed) or not passed («Отметить пройденным» and its undo); a lesson with an assignment is passed only by an accepted work and one with a published quiz only by a passed attempt (submit_quiz), so it answers false there, as it does for a lesson the caller may not open. Answers whether the mark was taken.';
