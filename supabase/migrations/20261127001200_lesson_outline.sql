-- The admin panel, the group page and the review queue's filter listed every lesson with a plain
-- select, which PostgREST cuts at max_rows (1,000): a school with more lessons lost the rest from
-- those lists without a word. The outline is one value, whatever the school's size; row level
-- security decides which lessons it holds, as it did for the select.

create function public.lesson_outline() returns jsonb
  language sql stable
  set search_path to ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', l.id, 'title', l.title, 'tool_id', l.tool_id, 'course_module_id', l.course_module_id,
    'order_index', l.order_index, 'is_published', l.is_published,
    'has_assignment', exists (select 1 from public.assignments a where a.lesson_id = l.id)
  ) order by l.order_index, l.id), '[]'::jsonb)
  from public.lessons l;
$$;

revoke all on function public.lesson_outline() from public, anon;
grant execute on function public.lesson_outline() to authenticated, service_role;
