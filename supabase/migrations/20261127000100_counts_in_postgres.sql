-- /admin/groups counted members in the app from a select that PostgREST caps at max_rows (1,000):
-- past a thousand memberships the counts were silently wrong. Postgres counts them now.
create function public.groups_overview()
returns table (id uuid, name text, created_at timestamptz, member_count integer)
    language sql stable
    set search_path to ''
    as $$
  select g.id, g.name, g.created_at,
    (select count(*) from public.group_members m where m.group_id = g.id)::integer
  from public.groups g
  order by g.created_at desc, g.id;
$$;

revoke all on function public.groups_overview() from public;
grant execute on function public.groups_overview() to authenticated, service_role;

-- The studio's lesson counts per module and tool, counted here for the same reason.
create function public.content_lesson_counts()
returns table (parent_id uuid, lesson_count integer)
    language sql stable
    set search_path to ''
    as $$
  select coalesce(l.course_module_id, l.tool_id), count(*)::integer
  from public.lessons l
  group by 1;
$$;

revoke all on function public.content_lesson_counts() from public;
grant execute on function public.content_lesson_counts() to authenticated, service_role;
