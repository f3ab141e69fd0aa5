-- Analytics says true things (issue 43). The panels counted curators as students (profiles.role
-- says only admin or student), and anyone in a group, an admin added to try it included. And a
-- student who registered minutes ago and has not opened anything was «не занимается 7+ дней». Now
-- whoever holds a role above student is left out of every panel, and the at-risk panel tells a
-- student who has not started (reason not_started, with their count) from one who stopped (idle).

-- Who holds any of some roles, as a set: holds_any_role's question asked of everyone at once, for
-- a query over many people (asking holds_any_role row by row would cost a call per student).
create function public.role_holders(_roles public.app_role[])
  returns table (user_id uuid)
  language sql stable security definer
  set search_path = ''
as $$
  select distinct r.user_id from public.user_roles r where r.role = any (_roles);
$$;

comment on function public.role_holders(public.app_role[]) is
  'Everyone who holds any of _roles: the set form of holds_any_role (the two are the only functions that read user_roles for a person''s role). Not granted to the API roles.';

revoke all on function public.role_holders(public.app_role[]) from public, anon, authenticated;
grant execute on function public.role_holders(public.app_role[]) to service_role;

create or replace function public.analytics_students(_group_id uuid)
  returns table (user_id uuid)
  language sql stable
  set search_path = ''
as $$
  -- Staff: whoever holds a role above student (profiles.role names admins only, not curators).
  with staff as materialized (select s.user_id from public.role_holders('{admin,curator}') s)
  select p.id from public.profiles p
  where _group_id is null and p.role = 'student' and (select public.user_is_admin(auth.uid()))
    and p.id not in (select user_id from staff)
  union all
  select m.user_id from public.group_members m
  where m.group_id = _group_id and (select public.user_is_admin(auth.uid()))
    and m.user_id not in (select user_id from staff)
  union all
  select distinct m.user_id
  from public.group_curators c
  join public.group_members m on m.group_id = c.group_id
  where c.user_id = auth.uid() and (_group_id is null or c.group_id = _group_id)
    and (select public.holds_any_role(auth.uid(), '{curator}'))
    and not (select public.user_is_admin(auth.uid()))
    and m.user_id not in (select user_id from staff);
$$;

comment on function public.analytics_students(uuid) is
  'The students whose figures the caller may see: for an admin every student (or a group''s members), for a curator the members of the groups they curate; staff (anyone holding a role above student: curators, admins) are never counted, even as a group''s member. Called only by the analytics panels.';

revoke all on function public.analytics_students(uuid) from public, anon, authenticated;
grant execute on function public.analytics_students(uuid) to service_role;

create or replace function public.analytics_at_risk(_group_id uuid default null, _track text default null, _limit integer default 200)
  returns jsonb
  language sql stable security definer
  set search_path = ''
  set jit = 'off'
  set work_mem = '32MB'
as $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  lessons as materialized (select l.id, l.title, l.item_title from public.analytics_lessons(_track) l),
  week_ago as (select now() - interval '7 days' as at),
  personal as materialized (
    select a.user_id, a.lesson_id from public.lesson_access a
    where not a.is_visible and (a.user_id in (select user_id from students)) is true
  ),
  hiding_lessons as materialized (select distinct g.lesson_id from public.group_lesson_access g where not g.is_visible),
  -- This week's passes of lessons that count, but for those a group of the student's may hide.
  recent as materialized (
    select p.user_id, p.lesson_id from public.lesson_progress p
    where p.completed_at >= (select at from week_ago)
      and (p.user_id in (select user_id from students)) is true
      and (p.lesson_id in (select id from lessons)) is true
      and ((p.user_id, p.lesson_id) not in (select h.user_id, h.lesson_id from personal h)) is true
  ),
  plainly_passed as materialized (
    select distinct r.user_id from recent r where r.lesson_id not in (select lesson_id from hiding_lessons)
  ),
  -- The few students whose only passes are of lessons some group hides: asked pass by pass.
  passed_lately as materialized (
    select user_id from plainly_passed
    union all
    select distinct r.user_id from recent r
    where r.lesson_id in (select lesson_id from hiding_lessons)
      and r.user_id not in (select user_id from plainly_passed)
      and not (
        exists (
          select 1 from public.group_lesson_access g join public.group_members m on m.group_id = g.group_id
          where g.lesson_id = r.lesson_id and not g.is_visible and m.user_id = r.user_id offset 0
        )
        and not exists (
          select 1 from public.group_lesson_access v join public.group_members m on m.group_id = v.group_id
          where v.lesson_id = r.lesson_id and v.is_visible and m.user_id = r.user_id offset 0
        )
        and not exists (select 1 from public.lesson_access a where a.user_id = r.user_id and a.lesson_id = r.lesson_id offset 0)
      )
  ),
  -- A lesson counts for a student when it is published, in the track and not hidden from them.
  latest as (
    select s.user_id, lo.lesson_id, lo.last_opened_at, lo.completed_at as lesson_passed_at,
      lc.completed_at as passed_at, lw.submitted_at
    from students s
    left join lateral (
      select p.lesson_id, p.last_opened_at, p.completed_at from public.lesson_progress p
      where p.user_id = s.user_id and p.last_opened_at is not null
        and (p.lesson_id in (select id from lessons)) is true
        and ((p.user_id, p.lesson_id) not in (select h.user_id, h.lesson_id from personal h)) is true
        and not (
          exists (
            select 1 from public.group_lesson_access g join public.group_members m on m.group_id = g.group_id
            where g.lesson_id = p.lesson_id and not g.is_visible and m.user_id = p.user_id offset 0
          )
          and not exists (
            select 1 from public.group_lesson_access v join public.group_members m on m.group_id = v.group_id
            where v.lesson_id = p.lesson_id and v.is_visible and m.user_id = p.user_id offset 0
          )
          and not exists (select 1 from public.lesson_access a where a.user_id = p.user_id and a.lesson_id = p.lesson_id offset 0)
        )
      order by p.last_opened_at desc limit 1
    ) lo on true
    left join lateral (
      select p.completed_at from public.lesson_progress p
      where p.user_id = s.user_id and p.completed_at is not null
        and (p.lesson_id in (select id from lessons)) is true
        and ((p.user_id, p.lesson_id) not in (select h.user_id, h.lesson_id from personal h)) is true
        and not (
          exists (
            select 1 from public.group_lesson_access g join public.group_members m on m.group_id = g.group_id
            where g.lesson_id = p.lesson_id and not g.is_visible and m.user_id = p.user_id offset 0
          )
          and not exists (
            select 1 from public.group_lesson_access v join public.group_members m on m.group_id = v.group_id
            where v.lesson_id = p.lesson_id and v.is_visible and m.user_id = p.user_id offset 0
          )
          and not exists (select 1 from public.lesson_access a where a.user_id = p.user_id and a.lesson_id = p.lesson_id offset 0)
        )
      order by p.completed_at desc limit 1
    ) lc on true
    left join lateral (
      select max(sub.submitted_at) as submitted_at
      from public.submissions sub join public.assignments a on a.id = sub.assignment_id
      where sub.user_id = s.user_id and (a.lesson_id in (select id from lessons)) is true
        and ((sub.user_id, a.lesson_id) not in (select h.user_id, h.lesson_id from personal h)) is true
        and not (
          exists (
            select 1 from public.group_lesson_access g join public.group_members m on m.group_id = g.group_id
            where g.lesson_id = a.lesson_id and not g.is_visible and m.user_id = sub.user_id offset 0
          )
          and not exists (
            select 1 from public.group_lesson_access v join public.group_members m on m.group_id = v.group_id
            where v.lesson_id = a.lesson_id and v.is_visible and m.user_id = sub.user_id offset 0
          )
          and not exists (select 1 from public.lesson_access x where x.user_id = sub.user_id and x.lesson_id = a.lesson_id offset 0)
        )
    ) lw on true
    where s.user_id not in (select user_id from passed_lately)
  ),
  judged as (
    select l.*, greatest(l.last_opened_at, l.passed_at, l.submitted_at) as last_active_at,
      case
        when greatest(l.last_opened_at, l.passed_at, l.submitted_at) is null then 'not_started'
        when greatest(l.last_opened_at, l.passed_at, l.submitted_at) < (select at from week_ago) then 'idle'
        when coalesce(l.passed_at < (select at from week_ago), true) and l.lesson_id is not null and l.lesson_passed_at is null then 'stuck'
      end as reason
    from latest l
  ),
  at_risk as materialized (select * from judged j where j.reason is not null)
  select case when (select public.is_reviewer()) then jsonb_build_object(
    'students', (select count(*) from students),
    'total', (select count(*) from at_risk),
    'idle', (select count(*) from at_risk where reason = 'idle'),
    'not_started', (select count(*) from at_risk where reason = 'not_started'),
    'stuck', (select count(*) from at_risk where reason = 'stuck'),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', r.user_id, 'full_name', p.full_name, 'email', p.email, 'reason', r.reason,
        'last_active_at', r.last_active_at, 'passed_at', r.passed_at,
        'lesson_title', le.title, 'item_title', le.item_title
      ) order by r.last_active_at nulls last, p.email)
      from (
        select * from at_risk order by last_active_at nulls last, user_id limit greatest(1, least(_limit, 10000))
      ) r
      join public.profiles p on p.id = r.user_id
      left join lessons le on le.id = r.lesson_id
    ), '[]'::jsonb)
  ) end;
$$;

comment on function public.analytics_at_risk(uuid, text, integer) is
  'Students at risk among those the caller may see (analytics_students), by track: not_started (nothing opened, passed or handed in yet), idle (active once, not in 7 days) or stuck (active lately, nothing passed in 7 days, the last opened lesson not passed); counts of each and the first _limit (at most 10,000), longest idle first. Null for someone who reviews nobody.';

revoke all on function public.analytics_at_risk(uuid, text, integer) from public, anon;
grant execute on function public.analytics_at_risk(uuid, text, integer) to authenticated, service_role;
