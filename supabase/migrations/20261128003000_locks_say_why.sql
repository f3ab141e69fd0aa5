-- A locked item says every reason that holds it (issue 43). The student pages knew that a lesson
-- was closed and, for a dated grant, when it opens, but not whose word closed it nor which
-- stop-lesson holds it: a lesson held by a group date and an unaccepted stop-lesson read «Доступ
-- открывает администратор школы», and a date was promised to a student whose homework still
-- waited. The page functions now pass on what the access rule already decides: the source of each
-- record (personal or the groups named), its opening date, whether it ran out, and the stop-lesson
-- holding each held lesson. Nothing is decided anew: lesson_holds is held_lesson_ids' own query,
-- which now reads it.

-- Which stop-lesson holds each of some lessons: held_lesson_ids' rule, answered with its reason.
create function public.lesson_holds(_user_id uuid, _lesson_ids uuid[])
  returns table (lesson_id uuid, stop_lesson_id uuid)
  language plpgsql stable security definer
  set search_path = ''
  set plan_cache_mode = force_generic_plan
as $$
begin
  return query
    with asked as (
      select l.tool_id, l.course_module_id from public.lessons l where l.id = any(_lesson_ids)
    ),
    sequence as (
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
        and (l.tool_id in (select tool_id from asked) or l.course_module_id in (select course_module_id from asked))
    ),
    first_open_stop as (
      select distinct on (s.parent_id) s.parent_id, s.position, s.id
      from sequence s
      join public.assignments a on a.lesson_id = s.id and a.is_stop_lesson
      where not exists (
        select 1 from public.submissions sub
        where sub.assignment_id = a.id and sub.user_id = _user_id and sub.status = 'accepted'
      )
        -- A stop-lesson the student's own record locks or hides cannot be handed in: it holds nothing.
        and not exists (
          select 1 from public.effective_item(_user_id, 'lesson', s.id) e where not (e.is_unlocked and e.is_visible)
        )
      order by s.parent_id, s.position
    )
    select s.id, f.id
    from sequence s
    join first_open_stop f on f.parent_id = s.parent_id and s.position > f.position
    where s.id = any(_lesson_ids)
      -- Admins pass every stop; nobody learns about another student's work.
      and public.may_ask_about(_user_id) and not public.user_is_admin(_user_id);
end;
$$;

comment on function public.lesson_holds(uuid, uuid[]) is
  'The lessons among _lesson_ids an unaccepted stop-lesson keeps closed for _user_id, each with that stop-lesson (the first unaccepted one before it in its tool or course module that the student may open). Empty for admins and for anyone but the student, a service call or an admin asking. held_lesson_ids is its set of lessons.';

revoke all on function public.lesson_holds(uuid, uuid[]) from public, anon;
grant execute on function public.lesson_holds(uuid, uuid[]) to authenticated, service_role;

create or replace function public.held_lesson_ids(_user_id uuid, _lesson_ids uuid[]) returns uuid[]
  language plpgsql stable security definer
  set search_path = ''
  set plan_cache_mode = force_generic_plan
as $$
begin
  return (select coalesce(array_agg(h.lesson_id), '{}') from public.lesson_holds(_user_id, _lesson_ids) h);
end;
$$;

comment on function public.held_lesson_ids(uuid, uuid[]) is
  'The lessons among _lesson_ids an unaccepted stop-lesson keeps closed for _user_id (lesson_holds, without the stop-lessons): asked by decide_can_open_lesson, lesson_list and dashboard_page.';

-- The list of a tool's or course module's lessons, with why each closed one is closed.
create or replace function public.lesson_list(_lesson_ids uuid[], _user_id uuid) returns jsonb
  language plpgsql stable
  set search_path = ''
  set plan_cache_mode = force_generic_plan
as $$
declare
  access record := public.viewer_access_ids(_user_id, 'lesson');
begin
  return (
    with reasons as (
      select e.item_id, e.source, e.group_names, e.expired
      from public.effective_access_of(_user_id, 'lesson', null) e
      where e.item_id = any(_lesson_ids) and not (e.is_unlocked and e.is_visible)
    ),
    holds as materialized (
      select h.lesson_id, h.stop_lesson_id from public.lesson_holds(_user_id, _lesson_ids) h
    )
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
          'lesson_id', id, 'is_unlocked', id = any (access.unlocked), 'is_visible', id = any (access.visible),
          'opens_at', access.opening -> id::text,
          'source', r.source, 'group_names', to_jsonb(r.group_names), 'expired', coalesce(r.expired, false)
        ) order by id)
        from unnest(access.decided) id
        left join reasons r on r.item_id = id
        where id = any(_lesson_ids)
      ), '[]'::jsonb),
      'completed', coalesce((
        select jsonb_agg(p.lesson_id order by p.lesson_id)
        from public.lesson_progress p
        where p.user_id = _user_id and p.lesson_id = any(_lesson_ids) and p.completed_at is not null
      ), '[]'::jsonb),
      'held', coalesce((select jsonb_agg(h.lesson_id order by h.lesson_id) from holds h), '[]'::jsonb),
      'holds', coalesce((
        select jsonb_agg(jsonb_build_object('lesson_id', h.lesson_id, 'stop_lesson_id', h.stop_lesson_id) order by h.lesson_id)
        from holds h
      ), '[]'::jsonb)
    )
  );
end;
$$;

comment on function public.lesson_list(uuid[], uuid) is
  'The lessons among _lesson_ids as the student _user_id''s list shows them: each lesson, the access records deciding about them (flags, opens_at, and for a closed one its source: personal or group, the groups named, expired), the completed ones, the held ones and, in holds, the stop-lesson holding each. Part of tool_page and course_module_page.';

-- A track's modules or tools with the student's effective access and its reasons.
create or replace function public.track_access(_student_id uuid, _kind text) returns jsonb
  language plpgsql stable
  set search_path = ''
  set plan_cache_mode = force_generic_plan
as $$
begin
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'item_id', a.item_id, 'is_unlocked', a.is_unlocked, 'is_visible', a.is_visible, 'opens_at', a.opens_at,
      'source', a.source, 'group_names', to_jsonb(a.group_names), 'expired', a.expired
    )), '[]'::jsonb)
    from public.effective_access_of(coalesce(_student_id, auth.uid()), _kind, null) a
  );
end;
$$;

comment on function public.track_access(uuid, text) is
  'The student''s effective access to every module or tool (_kind) some record decides about: flags, opens_at, source (personal or group), the groups named and whether the access ran out. Part of tools_page and course_modules_page.';
