-- Issue 44: a lesson's verdict names a quiz's stop as access_verdicts does (held_by_quiz), on the
-- student's list as in the admin panel, where the list called it quiz.

create or replace function public.lesson_list(_parent_id uuid, _lesson_ids uuid[], _user_id uuid) returns jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
begin
  return (
    with verdicts as materialized (
      select v.* from public.access_verdicts(_user_id, null, _parent_id || _lesson_ids) v
    )
    select jsonb_build_object(
      'lessons', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', l.id, 'module_id', l.module_id, 'title', l.title, 'order_index', l.order_index
        ) order by l.order_index, l.id)
        from public.lessons l
        where l.id = any(_lesson_ids)
      ), '[]'::jsonb),
      'access', (
        select jsonb_build_object('is_open', v.is_open, 'is_visible', v.is_visible, 'why', v.why)
        from verdicts v where v.item_id = _parent_id
      ),
      'verdicts', coalesce((
        select jsonb_agg(jsonb_build_object(
          'item_id', v.item_id, 'is_open', v.is_open, 'is_visible', v.is_visible, 'why', v.why,
          'opens_at', v.opens_at, 'group_names', to_jsonb(v.group_names), 'held_by', v.held_by,
          'held_by_quiz', v.held_by_quiz
        ) order by v.item_id)
        from verdicts v where v.item_id <> _parent_id
      ), '[]'::jsonb),
      'completed', coalesce((
        select jsonb_agg(p.lesson_id order by p.lesson_id)
        from public.lesson_progress p
        where p.user_id = _user_id and p.lesson_id = any(_lesson_ids) and p.completed_at is not null
      ), '[]'::jsonb)
    )
  );
end;
$$;
