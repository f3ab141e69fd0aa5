-- The analytics' hidden pairs (student, lesson) checked each group-hidden pair against every
-- (member, lesson) a group shows: with groups that show closed lessons, 118,400 pairs at 10,000
-- students. Only the lessons some group hides need that check; the rule is unchanged.
create or replace function public.analytics_hidden_lessons(_students uuid[]) returns table(user_id uuid, lesson_id uuid)
    language sql stable
    set search_path to ''
    as $$
  with hiding as materialized (
    select distinct m.user_id, g.lesson_id
    from public.group_lesson_access g join public.group_members m on m.group_id = g.group_id
    where not g.is_visible and (m.user_id in (select unnest(_students))) is true
  ),
  shown as materialized (
    select m.user_id, v.lesson_id
    from public.group_lesson_access v join public.group_members m on m.group_id = v.group_id
    where v.is_visible and v.lesson_id in (select h.lesson_id from hiding h)
  )
  select a.user_id, a.lesson_id from public.lesson_access a
  where not a.is_visible and (a.user_id in (select unnest(_students))) is true
  union
  select h.user_id, h.lesson_id from hiding h
  where ((h.user_id, h.lesson_id) not in (select s.user_id, s.lesson_id from shown s)) is true
    and not exists (select 1 from public.lesson_access a where a.user_id = h.user_id and a.lesson_id = h.lesson_id);
$$;
