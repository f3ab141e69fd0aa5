-- analytics_activity within its 200 ms again (issue 44). Migration …4100 made current_group_members
-- a grouping view (one row per member however many reasons: by hand, an order, a promo code). The
-- activity panel takes out the events on lessons a group of the student's hides by matching each
-- hidden lesson's events to the members of the groups that hide it and that show it, and it joined
-- the view for that: a join condition does not pass through a view's grouping, so for each of the
-- 98 hidden lessons the whole school's 29,601 memberships were read and grouped, twice (hiding and
-- showing groups). On the scale school (PostgreSQL 15, 2 busy cores) the whole-school panel took
-- 697 / 844 ms p50 / p95, one group 589 / 777 ms and a curator of five groups 489 / 544 ms.
--
-- Now each group's members are read through a lateral subquery kept apart by offset 0, so the
-- group is a condition inside the view and reaches group_members by its index: a few hundred rows
-- per group instead of the whole table. The same rule (current_group_members), the same answers.
-- Migration …7000's group_members_current_idx lets that read come from the index alone.

create or replace function public.analytics_activity(_group_id uuid default null, _track text default null)
  returns jsonb
  language sql stable security definer
  set search_path = ''
  set jit = 'off'
  set work_mem = '32MB'
  set enable_mergejoin = 'off'
as $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  lessons as materialized (select l.id from public.analytics_lessons(_track) l),
  -- The lessons of the rolled-up rows read (the track's, or all) that do not count: published
  -- lessons under a draft tool, block or module.
  uncounted as materialized (
    select l.id from public.lessons l
    where l.is_published and (_track is null or (_track = 'tech') = (l.tool_id is not null)) and l.id not in (select id from lessons)
  ),
  since as materialized (select (now() at time zone 'Europe/Moscow')::date - 29 as day),
  personal as materialized (
    select a.user_id, a.lesson_id from public.lesson_access a
    where not a.is_visible and (a.user_id in (select user_id from students)) is true
      and (a.lesson_id in (select id from lessons)) is true
  ),
  -- The events that do not count, one row per student, day and lesson. Rows of someone outside
  -- the students meet no month row below and change nothing.
  odd_rows as materialized (
    select a.user_id, a.day, a.opened, a.completed, a.submitted from public.student_activity_lessons a
    where a.day >= (select day from since) and a.lesson_id in (select id from uncounted)
      and (a.user_id in (select user_id from students)) is true
    union all
    select a.user_id, a.day, a.opened, a.completed, a.submitted
    from (
      select distinct g.lesson_id from public.group_lesson_access g
      where not g.is_visible and g.lesson_id in (select id from lessons)
    ) hidden
    cross join since s
    cross join lateral (
      select a.* from public.student_activity_lessons a
      where a.lesson_id = hidden.lesson_id and a.day >= s.day
        and a.user_id in (
          -- Each group's members read from its own index range (lateral, offset 0): joined whole,
          -- the view's grouping made every membership of the school be read for every lesson.
          select m.user_id from public.group_lesson_access g
          cross join lateral (select m.user_id from public.current_group_members m where m.group_id = g.group_id offset 0) m
          where g.lesson_id = hidden.lesson_id and not g.is_visible
        )
        and a.user_id not in (
          select m.user_id from public.group_lesson_access g
          cross join lateral (select m.user_id from public.current_group_members m where m.group_id = g.group_id offset 0) m
          where g.lesson_id = hidden.lesson_id and g.is_visible
        )
    ) a
    -- offset 0: asked row by row through the index, not joined to the whole table
    where not exists (select 1 from public.lesson_access p where p.user_id = a.user_id and p.lesson_id = a.lesson_id offset 0)
    union all
    select a.user_id, a.day, a.opened, a.completed, a.submitted
    from personal p cross join since s
    cross join lateral (
      select a.user_id, a.day, a.opened, a.completed, a.submitted from public.student_activity_lessons a
      where a.user_id = p.user_id and a.day >= s.day and a.lesson_id = p.lesson_id offset 0
    ) a
  ),
  odd as (
    select e.user_id, e.day, count(*) filter (where e.opened) as opened,
      count(*) filter (where e.completed) as completed, count(*) filter (where e.submitted) as submitted
    from odd_rows e
    group by e.user_id, e.day
  ),
  months as materialized (
    select m.user_id, m.month, m.opened_days, m.completed_days, m.submitted_days,
      m.opened_lessons, m.completed_lessons, m.submitted_lessons
    from public.student_activity_months m
    where _track is null and m.month >= (select date_trunc('month', day)::date from since)
      and (m.user_id in (select user_id from students)) is true -- hashed: one pass over the window's months
    union all
    select m.user_id, m.month, m.opened_days, m.completed_days, m.submitted_days,
      m.opened_lessons, m.completed_lessons, m.submitted_lessons
    from public.student_activity_track_months m
    where _track is not null and m.track = case when _track = 'tech' then 'tech' else 'product' end
      and m.month >= (select date_trunc('month', day)::date from since)
      and (m.user_id in (select user_id from students)) is true
  ),
  -- Each student's days, a bit per day (bit 0 = 29 days ago).
  rolled as materialized (
    select m.user_id,
      bit_or(((m.opened_days::bigint << (32 + (m.month - s.day))) >> 32) & 1073741823) as opened,
      bit_or(((m.completed_days::bigint << (32 + (m.month - s.day))) >> 32) & 1073741823) as completed,
      bit_or(((m.submitted_days::bigint << (32 + (m.month - s.day))) >> 32) & 1073741823) as submitted
    from months m cross join since s
    group by m.user_id
  ),
  -- How many lessons had each kind of event on the odd days: a day is cleared when all of them are odd.
  totals as (
    select o.user_id, o.day, o.opened, o.completed, o.submitted,
      m.opened_lessons[extract(day from o.day)::integer] as all_opened,
      m.completed_lessons[extract(day from o.day)::integer] as all_completed,
      m.submitted_lessons[extract(day from o.day)::integer] as all_submitted
    from odd o join months m on m.user_id = o.user_id and m.month = date_trunc('month', o.day)::date
  ),
  cleared as (
    select t.user_id,
      bit_or(t.bit) filter (where t.all_opened <= t.opened) as opened,
      bit_or(t.bit) filter (where t.all_completed <= t.completed) as completed,
      bit_or(t.bit) filter (where t.all_submitted <= t.submitted) as submitted
    from (select t.*, 1::bigint << (t.day - (select day from since)) as bit from totals t) t
    group by t.user_id
  ),
  masks as materialized (
    select r.user_id, m.opened, m.completed, m.submitted, m.opened | m.completed | m.submitted as active
    from rolled r
    left join cleared c on c.user_id = r.user_id
    cross join lateral (select
      r.opened & ~coalesce(c.opened, 0) as opened,
      r.completed & ~coalesce(c.completed, 0) as completed,
      r.submitted & ~coalesce(c.submitted, 0) as submitted) m
  ),
  -- The students per day, three days at a time: each day's count in a 21-bit lane of one bigint
  -- (lanes maps three bits to three lanes), so ten passes over the students instead of thirty.
  spread as (select '{0,1,2097152,2097153,4398046511104,4398046511105,4398048608256,4398048608257}'::bigint[] as lanes),
  per_chunk as (
    select c.chunk,
      sum(s.lanes[((m.active >> (3 * c.chunk)) & 7) + 1])::bigint as active,
      sum(s.lanes[((m.opened >> (3 * c.chunk)) & 7) + 1])::bigint as opened,
      sum(s.lanes[((m.completed >> (3 * c.chunk)) & 7) + 1])::bigint as completed,
      sum(s.lanes[((m.submitted >> (3 * c.chunk)) & 7) + 1])::bigint as submitted
    from masks m cross join generate_series(0, 9) c(chunk) cross join spread s
    where m.active <> 0
    group by c.chunk
  ),
  per_day as (
    select 3 * p.chunk + j.lane as bit,
      (p.active >> (21 * j.lane)) & 2097151 as active, (p.opened >> (21 * j.lane)) & 2097151 as opened,
      (p.completed >> (21 * j.lane)) & 2097151 as completed, (p.submitted >> (21 * j.lane)) & 2097151 as submitted
    from per_chunk p cross join generate_series(0, 2) j(lane)
  )
  select case when (select public.is_reviewer()) then jsonb_build_object(
    'students', (select count(*) from students),
    'active_7d', (select count(*) from masks m where m.active & (1073741823 # 8388607) <> 0),
    'active_30d', (select count(*) from masks m where m.active <> 0),
    'days', (
      select jsonb_agg(jsonb_build_object(
        'day', (select day from since) + n.bit, 'active', coalesce(p.active, 0), 'opened', coalesce(p.opened, 0),
        'completed', coalesce(p.completed, 0), 'submitted', coalesce(p.submitted, 0)
      ) order by n.bit)
      from generate_series(0, 29) n(bit)
      left join per_day p on p.bit = n.bit
    )
  ) end;
$$;

comment on function public.analytics_activity(uuid, text) is
  'Active students per Moscow day over the last 30 days among those the caller may see (analytics_students), by track: each student''s days come from the monthly rollup''s bitmasks (bit 0 = 29 days ago), with the days taken off whose every event was on a lesson that does not count for them (under a draft parent, hidden by a group or their own record). The students per day are summed three days at a time in 21-bit lanes of one bigint, ten passes instead of thirty; offset 0 keeps a subquery asked row by row through its index, and «(… in …) is true» keeps a set hashed rather than joined. The members of the groups that hide or show a lesson are read group by group through a lateral subquery kept apart by offset 0, so the group reaches current_group_members'' index instead of the view''s grouping reading every membership of the school for each hidden lesson (697 ms → about 240 ms p50 for the whole school on the scale bench, migration …7100). JIT off (compiling cost more than it saved), work_mem 32MB to hash a month of events in memory, enable_mergejoin off so the odd days meet their month rows in one hash join, not two sorts of the wide rows. Null for someone who reviews nobody.';
