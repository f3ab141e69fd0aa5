-- The students' own hidden lessons were found by reading every personal lesson record (280,000 at
-- 10,000 students, one heap page each), even for one group. A partial index holds only the hidden
-- ones, and the students asked about are joined to it.
create index lesson_access_hidden_idx on public.lesson_access (user_id, lesson_id) where not is_visible;

create or replace function public.analytics_hidden_lessons(_students uuid[]) returns table(user_id uuid, lesson_id uuid)
    language sql stable
    set search_path to ''
    as $$
  with asked as materialized (select distinct unnest(_students) as user_id),
  hiding as materialized (
    select distinct m.user_id, g.lesson_id
    from public.group_lesson_access g join public.group_members m on m.group_id = g.group_id
    where not g.is_visible and m.user_id in (select user_id from asked)
  ),
  shown as materialized (
    select m.user_id, v.lesson_id
    from public.group_lesson_access v join public.group_members m on m.group_id = v.group_id
    where v.is_visible and v.lesson_id in (select h.lesson_id from hiding h)
  )
  select a.user_id, a.lesson_id from public.lesson_access a join asked on asked.user_id = a.user_id
  where not a.is_visible
  union
  select h.user_id, h.lesson_id from hiding h
  where ((h.user_id, h.lesson_id) not in (select s.user_id, s.lesson_id from shown s)) is true
    and not exists (select 1 from public.lesson_access a where a.user_id = h.user_id and a.lesson_id = h.lesson_id);
$$;
