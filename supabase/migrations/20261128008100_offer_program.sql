-- The sales page's program (issue 45): what a published offer opens, drawn from the real content its
-- group's grants open, for anyone (the catalogue is public), without showing a group's grants,
-- drafts, or anything the grants keep hidden.

create function public.offer_program(_slug text)
  returns table (kind text, item_id uuid, title text, lesson_count integer, place integer)
  language sql stable security definer
  set search_path = ''
as $$
  with offer as (
    select o.group_id from public.offers o where o.slug = _slug and o.is_published
  )
  select 'module', c.id, c.title,
    (select count(*)::integer from public.lessons l where l.course_module_id = c.id and l.is_published),
    c.order_index
  from offer
  join public.group_module_access g on g.group_id = offer.group_id and g.is_unlocked and g.is_visible
  join public.course_modules c on c.id = g.module_id and c.is_published
  union all
  select 'tool', t.id, t.name,
    (select count(*)::integer from public.lessons l left join public.modules b on b.id = l.module_id
     where l.tool_id = t.id and l.is_published and coalesce(b.is_published, true)),
    t.order_index
  from offer
  join public.group_tool_access g on g.group_id = offer.group_id and g.is_unlocked and g.is_visible
  join public.tech_tools t on t.id = g.tool_id and t.is_published
  order by 1, 5, 3;
$$;

comment on function public.offer_program(text) is 'What the published offer _slug opens, for its public sales page: the published course modules and tools its group''s grants open and show, each with its number of published lessons, in the order the student sees them. Security definer because a group''s grants are the admin''s to read; it answers only titles and counts of published items, and nothing for a draft offer.';

revoke all on function public.offer_program(text) from public;
grant execute on function public.offer_program(text) to anon, authenticated, service_role;
