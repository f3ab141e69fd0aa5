-- School analytics (/admin/analytics): one function per panel, each answering a reviewer only (an
-- admin about every student or one group, a curator about the groups they curate; anyone else gets
-- null). What counts is what progress counts: published lessons under published parents that are
-- not hidden from the student (visible_lessons, set-based here). Days are Moscow days.

-- Time windows over the whole school read these instead of every progress row.
create index lesson_progress_opened_at_idx on public.lesson_progress (last_opened_at) include (user_id, lesson_id)
  where last_opened_at is not null;
create index lesson_progress_completed_at_idx on public.lesson_progress (completed_at) include (user_id, lesson_id)
  where completed_at is not null;
create index lesson_progress_user_completed_idx on public.lesson_progress (user_id, completed_at desc)
  where completed_at is not null;
create index submissions_submitted_at_idx on public.submissions (submitted_at);
create index submissions_reviewed_at_idx on public.submissions (reviewed_at) where reviewed_at is not null;

-- The students the caller may see figures of. Not granted to anyone: only the panels below call it.
create function public.analytics_students(_group_id uuid) returns table (user_id uuid)
  language sql stable
  set search_path = ''
  rows 1000
as $$
  select p.id from public.profiles p
  where _group_id is null and p.role = 'student' and (select public.user_is_admin(auth.uid()))
  union
  select m.user_id from public.group_members m
  where m.group_id = _group_id and (select public.user_is_admin(auth.uid()))
  union
  select m.user_id
  from public.group_curators c
  join public.group_members m on m.group_id = c.group_id
  where c.user_id = auth.uid() and (_group_id is null or c.group_id = _group_id)
    and (select public.holds_any_role(auth.uid(), '{curator}'))
    and not (select public.user_is_admin(auth.uid()));
$$;
revoke all on function public.analytics_students(uuid) from public, anon, authenticated;

-- The lessons that count, of one track or both, numbered within their tool or module as the lesson
-- lists number them (lessons outside blocks first).
create function public.analytics_lessons(_track text) returns table (
  id uuid, title text, item_id uuid, item_title text, track text, item_order integer, lesson_position bigint
)
  language sql stable
  set search_path = ''
as $$
  select l.id, l.title, coalesce(l.tool_id, l.course_module_id), coalesce(t.name, c.title),
    case when l.tool_id is not null then 'tech' else 'product' end,
    coalesce(t.order_index, c.order_index),
    row_number() over (
      partition by coalesce(l.tool_id, l.course_module_id)
      order by (l.module_id is not null), coalesce(m.order_index, 0), l.order_index, l.id
    )
  from public.lessons l
  left join public.tech_tools t on t.id = l.tool_id
  left join public.modules m on m.id = l.module_id
  left join public.course_modules c on c.id = l.course_module_id
  where l.is_published
    and (l.tool_id is null or t.is_published)
    and (l.module_id is null or m.is_published)
    and (l.course_module_id is null or c.is_published)
    and (_track is null or (_track = 'tech') = (l.tool_id is not null));
$$;
revoke all on function public.analytics_lessons(text) from public, anon, authenticated;

-- Which of these students' lessons are hidden from them, as effective_access decides a lesson's
-- visibility: the student's own record wins; otherwise hidden only if every group that mentions it hides it.
create function public.analytics_hidden_lessons(_students uuid[]) returns table (user_id uuid, lesson_id uuid)
  language sql stable
  set search_path = ''
as $$
  select a.user_id, a.lesson_id from public.lesson_access a
  where not a.is_visible and a.user_id in (select unnest(_students))
  union
  select m.user_id, g.lesson_id
  from public.group_lesson_access g
  join public.group_members m on m.group_id = g.group_id
  where m.user_id in (select unnest(_students))
    and not exists (select 1 from public.lesson_access a where a.user_id = m.user_id and a.lesson_id = g.lesson_id)
  group by m.user_id, g.lesson_id
  having not bool_or(g.is_visible);
$$;
revoke all on function public.analytics_hidden_lessons(uuid[]) from public, anon, authenticated;

-- Each panel runs with JIT off (compiling cost more than it saved at 10,000 students) and work_mem
-- enough to hash a month of a large school's events in memory.

-- Active students per Moscow day over the last 30 days: a student is active on a day when they
-- opened or passed a lesson or handed in work that day. Only a lesson's latest opening is stored,
-- so an earlier opening of a lesson opened again later is not seen.
create function public.analytics_activity(_group_id uuid default null, _track text default null) returns jsonb
  language sql stable security definer
  set search_path = ''
  set jit = off
  set work_mem = '32MB'
as $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  lessons as materialized (select l.id from public.analytics_lessons(_track) l),
  hidden as materialized (select h.user_id, h.lesson_id from public.analytics_hidden_lessons(array(select user_id from students)) h),
  today as (select (now() at time zone 'Europe/Moscow')::date as day),
  since as (select ((day - 29)::timestamp at time zone 'Europe/Moscow') as at from today),
  events as (
    select p.user_id, p.lesson_id, p.last_opened_at as at, 'opened' as kind
    from public.lesson_progress p where p.last_opened_at >= (select at from since)
    union all
    select p.user_id, p.lesson_id, p.completed_at, 'completed'
    from public.lesson_progress p where p.completed_at >= (select at from since)
    union all
    select s.user_id, a.lesson_id, s.submitted_at, 'submitted'
    from public.submissions s join public.assignments a on a.id = s.assignment_id
    where s.submitted_at >= (select at from since)
  ),
  -- A bit per day (0 = today) for each student and kind: 10,000 small rows rather than a row per
  -- student, day and kind, so a large school's month aggregates in memory.
  masks as (
    select e.user_id,
      bit_or(1 << e.days_ago) filter (where e.kind = 'opened') as opened,
      bit_or(1 << e.days_ago) filter (where e.kind = 'completed') as completed,
      bit_or(1 << e.days_ago) filter (where e.kind = 'submitted') as submitted,
      bit_or(1 << e.days_ago) as active
    from (
      select ev.user_id, ev.lesson_id, ev.kind, (select day from today) - (ev.at at time zone 'Europe/Moscow')::date as days_ago
      from events ev
    ) e
    where e.days_ago between 0 and 29
      and e.user_id in (select user_id from students)
      and e.lesson_id in (select id from lessons)
      and not exists (select 1 from hidden h where h.user_id = e.user_id and h.lesson_id = e.lesson_id)
    group by e.user_id
  ),
  per_day as (
    select n.days_ago,
      count(*) filter (where m.active & (1 << n.days_ago) <> 0) as active,
      count(*) filter (where m.opened & (1 << n.days_ago) <> 0) as opened,
      count(*) filter (where m.completed & (1 << n.days_ago) <> 0) as completed,
      count(*) filter (where m.submitted & (1 << n.days_ago) <> 0) as submitted
    from generate_series(0, 29) n(days_ago) cross join masks m
    group by n.days_ago
  )
  select case when (select public.is_reviewer()) then jsonb_build_object(
    'students', (select count(*) from students),
    'active_7d', (select count(*) from masks m where m.active & 127 <> 0),
    'active_30d', (select count(*) from masks),
    'days', (
      select jsonb_agg(jsonb_build_object(
        'day', (select day from today) - n.days_ago, 'active', coalesce(p.active, 0), 'opened', coalesce(p.opened, 0),
        'completed', coalesce(p.completed, 0), 'submitted', coalesce(p.submitted, 0)
      ) order by n.days_ago desc)
      from generate_series(0, 29) n(days_ago)
      left join per_day p on p.days_ago = n.days_ago
    )
  ) end;
$$;
revoke all on function public.analytics_activity(uuid, text) from public, anon;
grant execute on function public.analytics_activity(uuid, text) to authenticated;

-- A tool's or module's funnel: for each of its lessons in order, how many of the students opened
-- it (have any progress on it) and how many passed it. Without an item (or with one that does not
-- count), the first tool (then module) of the track. Also the items there are to choose from.
create function public.analytics_funnel(_item_id uuid default null, _group_id uuid default null, _track text default null) returns jsonb
  language sql stable security definer
  set search_path = ''
  set jit = off
  set work_mem = '32MB'
as $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  lessons as materialized (select l.* from public.analytics_lessons(_track) l),
  items as (
    select l.item_id as id, min(l.item_title) as title, min(l.track) as track, min(l.item_order) as item_order
    from lessons l group by l.item_id
  ),
  chosen as (
    select i.id from items i order by i.id is distinct from _item_id, i.track = 'product', i.item_order, i.title limit 1
  ),
  steps as (select l.id, l.title, l.lesson_position from lessons l where l.item_id = (select id from chosen)),
  hidden as materialized (
    select h.user_id, h.lesson_id from public.analytics_hidden_lessons(array(select user_id from students)) h
    where h.lesson_id in (select id from steps)
  ),
  reached as (
    select p.lesson_id, count(*) as opened, count(*) filter (where p.completed_at is not null) as passed
    from public.lesson_progress p
    where p.lesson_id in (select id from steps)
      and (p.last_opened_at is not null or p.completed_at is not null)
      and p.user_id in (select user_id from students)
      and not exists (select 1 from hidden h where h.user_id = p.user_id and h.lesson_id = p.lesson_id)
    group by p.lesson_id
  )
  select case when (select public.is_reviewer()) then jsonb_build_object(
    'students', (select count(*) from students),
    'item_id', (select id from chosen),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object('id', i.id, 'title', i.title, 'track', i.track) order by i.track = 'product', i.item_order, i.title)
      from items i
    ), '[]'::jsonb),
    'lessons', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', s.id, 'title', s.title, 'position', s.lesson_position,
        'opened', coalesce(r.opened, 0), 'passed', coalesce(r.passed, 0)
      ) order by s.lesson_position)
      from steps s left join reached r on r.lesson_id = s.id
    ), '[]'::jsonb)
  ) end;
$$;
revoke all on function public.analytics_funnel(uuid, uuid, text) from public, anon;
grant execute on function public.analytics_funnel(uuid, uuid, text) to authenticated;

-- Homework: works waiting for review now (an attempt handed in and not yet answered), and the
-- answers of the last 30 Moscow days per reviewer: how many, the median time from handing in to
-- the answer (an attempt is answered once), and how many were returned for rework.
create function public.analytics_homework(_group_id uuid default null, _track text default null) returns jsonb
  language sql stable security definer
  set search_path = ''
  set jit = off
  set work_mem = '32MB'
as $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  lessons as materialized (select l.id from public.analytics_lessons(_track) l),
  hidden as materialized (select h.user_id, h.lesson_id from public.analytics_hidden_lessons(array(select user_id from students)) h),
  since as (select (((now() at time zone 'Europe/Moscow')::date - 29)::timestamp at time zone 'Europe/Moscow') as at),
  work as (
    select s.id, s.user_id, s.assignment_id, s.attempt, s.status, s.submitted_at, s.reviewed_at, s.reviewer_id
    from public.submissions s
    join public.assignments a on a.id = s.assignment_id
    where s.user_id in (select user_id from students)
      and a.lesson_id in (select id from lessons)
      and not exists (select 1 from hidden h where h.user_id = s.user_id and h.lesson_id = a.lesson_id)
  ),
  waiting as (
    select w.submitted_at from work w
    where w.status = 'submitted'
      and not exists (
        select 1 from public.submissions newer
        where newer.assignment_id = w.assignment_id and newer.user_id = w.user_id and newer.attempt > w.attempt
      )
  ),
  answered as (
    select w.reviewer_id, w.status, extract(epoch from w.reviewed_at - w.submitted_at) / 60 as minutes
    from work w
    where w.reviewed_at >= (select at from since) and w.status in ('accepted', 'returned')
  )
  select case when (select public.is_reviewer()) then jsonb_build_object(
    'waiting', (select count(*) from waiting),
    'oldest_waiting_at', (select min(submitted_at) from waiting),
    'answered', (select count(*) from answered),
    'returned', (select count(*) from answered where status = 'returned'),
    'median_minutes', (select percentile_cont(0.5) within group (order by minutes) from answered),
    'reviewers', coalesce((
      select jsonb_agg(r order by r.answered desc, r.name)
      from (
        select a.reviewer_id as id, coalesce(nullif(btrim(p.full_name), ''), p.email) as name,
          count(*) as answered, count(*) filter (where a.status = 'returned') as returned,
          percentile_cont(0.5) within group (order by a.minutes) as median_minutes
        from answered a left join public.profiles p on p.id = a.reviewer_id
        group by a.reviewer_id, p.full_name, p.email
      ) r
    ), '[]'::jsonb)
  ) end;
$$;
revoke all on function public.analytics_homework(uuid, text) from public, anon;
grant execute on function public.analytics_homework(uuid, text) to authenticated;

-- Students at risk: idle (nothing opened, passed or handed in for 7 days, or never) or stuck
-- (active in the last 7 days, yet nothing passed in them, and the lesson they opened last is not
-- passed), longest idle first, with the lesson they opened last. `total` counts them all; at
-- most _limit are listed.
create function public.analytics_at_risk(_group_id uuid default null, _track text default null, _limit integer default 200) returns jsonb
  language sql stable security definer
  set search_path = ''
  set jit = off
  set work_mem = '32MB'
as $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  lessons as materialized (select l.id, l.title, l.item_title from public.analytics_lessons(_track) l),
  hidden as materialized (select h.user_id, h.lesson_id from public.analytics_hidden_lessons(array(select user_id from students)) h),
  -- The lessons that do not count, as a NOT IN the laterals below hash once (an IN would be a
  -- semi-join built again for every student).
  uncounted as materialized (select l.id from public.lessons l where l.id not in (select id from lessons)),
  week_ago as (select now() - interval '7 days' as at),
  last_work as (
    select sub.user_id, max(sub.submitted_at) as submitted_at
    from public.submissions sub join public.assignments a on a.id = sub.assignment_id
    where sub.user_id in (select user_id from students) and a.lesson_id in (select id from lessons)
      and (sub.user_id, a.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)
    group by sub.user_id
  ),
  latest as (
    select s.user_id, lo.lesson_id, lo.last_opened_at, lo.completed_at as lesson_passed_at,
      lc.completed_at as passed_at, ls.submitted_at
    from students s
    -- Per student, the newest rows through (user_id, …) indexes; the hidden pairs as one hashed NOT IN.
    left join lateral (
      select p.lesson_id, p.last_opened_at, p.completed_at from public.lesson_progress p
      where p.user_id = s.user_id and p.last_opened_at is not null
        and p.lesson_id not in (select id from uncounted)
        and (p.user_id, p.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)
      order by p.last_opened_at desc limit 1
    ) lo on true
    left join lateral (
      select p.completed_at from public.lesson_progress p
      where p.user_id = s.user_id and p.completed_at is not null
        and p.lesson_id not in (select id from uncounted)
        and (p.user_id, p.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)
      order by p.completed_at desc limit 1
    ) lc on true
    left join last_work ls on ls.user_id = s.user_id
  ),
  judged as (
    select l.*, greatest(l.last_opened_at, l.passed_at, l.submitted_at) as last_active_at,
      case
        when coalesce(greatest(l.last_opened_at, l.passed_at, l.submitted_at) < (select at from week_ago), true) then 'idle'
        when coalesce(l.passed_at < (select at from week_ago), true) and l.lesson_id is not null and l.lesson_passed_at is null then 'stuck'
      end as reason
    from latest l
  ),
  at_risk as (select * from judged j where j.reason is not null)
  select case when (select public.is_reviewer()) then jsonb_build_object(
    'students', (select count(*) from students),
    'total', (select count(*) from at_risk),
    'idle', (select count(*) from at_risk where reason = 'idle'),
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
revoke all on function public.analytics_at_risk(uuid, text, integer) from public, anon;
grant execute on function public.analytics_at_risk(uuid, text, integer) to authenticated;
