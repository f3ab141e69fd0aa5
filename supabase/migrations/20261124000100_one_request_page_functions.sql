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
    'access', coalesce((
      select jsonb_agg(jsonb_build_object('item_id', a.item_id, 'is_unlocked', a.is_unlocked, 'is_visible', a.is_visible))
      from public.student_access(_student_id) a
      where a.kind = 'tool'
    ), '[]'::jsonb),
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
    'access', coalesce((
      select jsonb_agg(jsonb_build_object('item_id', a.item_id, 'is_unlocked', a.is_unlocked, 'is_visible', a.is_visible))
      from public.student_access(_student_id) a
      where a.kind = 'module'
    ), '[]'::jsonb),
    'progress', public.progress_summary(_student_id) -> 'course_modules'
  );
$$;

revoke execute on function public.tools_page(uuid) from public, anon;
revoke execute on function public.course_modules_page(uuid) from public, anon;
grant execute on function public.tools_page(uuid) to authenticated;
grant execute on function public.course_modules_page(uuid) to authenticated;
