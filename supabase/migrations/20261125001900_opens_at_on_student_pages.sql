-- The student pages say when a dated grant opens a closed item: effective_access computes
-- opens_at already; the page functions' access rows pass it on.
create or replace function public.track_access(_student_id uuid, _kind text) returns jsonb
    language sql stable
    set search_path to ''
    as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'item_id', a.item_id, 'is_unlocked', a.is_unlocked, 'is_visible', a.is_visible, 'opens_at', a.opens_at
  )), '[]'::jsonb)
  from public.student_access(_student_id) a
  where a.kind = _kind;
$$;

create or replace function public.lesson_list(_lesson_ids uuid[], _user_id uuid) returns jsonb
    language sql stable
    set search_path to ''
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
        'lesson_id', e.item_id, 'is_unlocked', e.is_unlocked, 'is_visible', e.is_visible, 'opens_at', e.opens_at
      ))
      from public.effective_access(_user_id) e
      where e.kind = 'lesson' and e.item_id = any(_lesson_ids)
    ), '[]'::jsonb),
    'completed', coalesce((
      select jsonb_agg(p.lesson_id order by p.lesson_id)
      from public.lesson_progress p
      where p.user_id = _user_id and p.lesson_id = any(_lesson_ids) and p.completed_at is not null
    ), '[]'::jsonb),
    'held', to_jsonb(public.held_lesson_ids(_user_id, _lesson_ids))
  );
$$;
