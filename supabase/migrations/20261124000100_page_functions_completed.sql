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
