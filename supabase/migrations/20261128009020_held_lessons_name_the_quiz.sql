-- Issue 46: a lesson a quiz stop-lesson holds says so in its list («Откроется после прохождения теста
-- урока …», not «после принятия задания»): lesson_list's holds name whether the stop is a quiz.

create or replace function public.lesson_list(_lesson_ids uuid[], _user_id uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
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
        select jsonb_agg(jsonb_build_object(
          'lesson_id', h.lesson_id, 'stop_lesson_id', h.stop_lesson_id,
          -- A quiz's stop (issue 46) when the stop-lesson carries no homework stop: the list says «после прохождения теста».
          'quiz', not exists (select 1 from public.assignments a where a.lesson_id = h.stop_lesson_id and a.is_stop_lesson)
        ) order by h.lesson_id)
        from holds h
      ), '[]'::jsonb)
    )
  );
end;
$$;

comment on function public.lesson_list(uuid[], uuid) is
  'The lessons among _lesson_ids as the student _user_id''s list shows them: each lesson, the access records deciding about them (flags, opens_at, and for a closed one its source: personal or group, the groups named, expired), the completed ones, the held ones and, in holds, the stop-lesson holding each and whether it is a quiz''s stop (no homework stop on that lesson). Part of tool_page and course_module_page.';
