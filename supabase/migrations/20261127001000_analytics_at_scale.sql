-- Issue 30 at the scale school (10,000 students): every panel asked analytics_hidden_lessons for
-- the whole school's 37,920 hidden (student, lesson) pairs, 150–200 ms before any counting (a
-- nested loop from each student to their groups, then every group-hidden pair checked against the
-- personal records). Each panel now asks only what its rows need: the funnel the chosen item's
-- lessons, homework the lessons with an assignment, and activity and students at risk take the
-- personal hidden records (one index, 10,000 rows) whole but ask the groups' hiding only of the
-- rows found on a lesson some group hides. The rule is unchanged: a personal record decides; else
-- a lesson is hidden when a group of the student's hides it and none of their groups shows it.

create or replace function public.analytics_activity(_group_id uuid default null, _track text default null) returns jsonb
    language sql stable security definer
    set search_path to ''
    set jit to 'off'
    set work_mem to '32MB'
    as $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  lessons as materialized (select l.id from public.analytics_lessons(_track) l),
  uncounted as materialized (select l.id from public.lessons l where l.id not in (select id from lessons)),
  since as materialized (select (now() at time zone 'Europe/Moscow')::date - 29 as day),
  -- The (student, lesson) a group of theirs hides, before the other groups and personal records
  -- have their say: those are asked only of the few rows of activity found on them.
  hiding as materialized (
    select m.user_id, g.lesson_id
    from public.group_lesson_access g
    cross join lateral (select m.user_id from public.group_members m where m.group_id = g.group_id offset 0) m
    where not g.is_visible and (g.lesson_id in (select id from lessons)) is true
      and (m.user_id in (select user_id from students)) is true
  ),
  personal as materialized (
    select a.user_id, a.lesson_id from public.lesson_access a
    where not a.is_visible and (a.user_id in (select user_id from students)) is true
      and (a.lesson_id in (select id from lessons)) is true
  ),
  -- The events that do not count, one row per student, day and lesson.
  odd_rows as materialized (
    select a.user_id, a.day, a.opened, a.completed, a.submitted from public.student_activity_lessons a
    where _track is null and a.day >= (select day from since) and a.lesson_id in (select id from uncounted)
      and (a.user_id in (select user_id from students)) is true
    union all
    select a.user_id, a.day, a.opened, a.completed, a.submitted from public.student_activity_lessons a
    where a.day >= (select day from since)
      and a.lesson_id in (select g.lesson_id from public.group_lesson_access g where not g.is_visible)
      and ((a.user_id, a.lesson_id) in (select h.user_id, h.lesson_id from hiding h)) is true
      -- offset 0: asked row by row through the indexes, not joined to whole tables
      and not exists (
        select 1 from public.group_lesson_access v join public.group_members m on m.group_id = v.group_id
        where v.lesson_id = a.lesson_id and v.is_visible and m.user_id = a.user_id offset 0
      )
      and not exists (select 1 from public.lesson_access p where p.user_id = a.user_id and p.lesson_id = a.lesson_id offset 0)
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
    select m.* from public.student_activity_months m
    where _track is null and m.month >= (select date_trunc('month', day)::date from since)
      and (m.user_id in (select user_id from students)) is true -- hashed: one pass over the window's months
  ),
  -- Each student's days, a bit per day (bit 0 = 29 days ago): from the month rows for all tracks;
  -- a track leaves out most of the activity, so its own lessons are counted day by day.
  rolled as materialized (
    select m.user_id,
      bit_or(((m.opened_days::bigint << (32 + (m.month - s.day))) >> 32) & 1073741823) as opened,
      bit_or(((m.completed_days::bigint << (32 + (m.month - s.day))) >> 32) & 1073741823) as completed,
      bit_or(((m.submitted_days::bigint << (32 + (m.month - s.day))) >> 32) & 1073741823) as submitted
    from months m cross join since s
    group by m.user_id
    union all
    select a.user_id,
      coalesce(bit_or(1::bigint << (a.day - s.day)) filter (where a.opened), 0),
      coalesce(bit_or(1::bigint << (a.day - s.day)) filter (where a.completed), 0),
      coalesce(bit_or(1::bigint << (a.day - s.day)) filter (where a.submitted), 0)
    from public.student_activity_lessons a cross join since s
    where _track is not null and a.day >= s.day
      and a.lesson_id in (select id from lessons)
      and (a.user_id in (select user_id from students)) is true
    group by a.user_id
  ),
  -- How many lessons had each kind of event on the odd days: the month's counts, or for a track its
  -- own lessons that day.
  totals as (
    select o.user_id, o.day, o.opened, o.completed, o.submitted,
      m.opened_lessons[extract(day from o.day)::integer] as all_opened,
      m.completed_lessons[extract(day from o.day)::integer] as all_completed,
      m.submitted_lessons[extract(day from o.day)::integer] as all_submitted
    from odd o join months m on m.user_id = o.user_id and m.month = date_trunc('month', o.day)::date
    where _track is null
    union all
    select o.user_id, o.day, o.opened, o.completed, o.submitted, t.opened, t.completed, t.submitted
    from odd o cross join lateral (
      select count(*) filter (where a.opened) as opened, count(*) filter (where a.completed) as completed,
        count(*) filter (where a.submitted) as submitted
      from public.student_activity_lessons a
      where a.user_id = o.user_id and a.day = o.day and a.lesson_id in (select id from lessons)
    ) t
    where _track is not null
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

create or replace function public.analytics_funnel(_item_id uuid default null, _group_id uuid default null, _track text default null) returns jsonb
    language sql stable security definer
    set search_path to ''
    set jit to 'off'
    set work_mem to '32MB'
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
  steps as materialized (select l.id, l.title, l.lesson_position from lessons l where l.item_id = (select id from chosen)),
  -- Only the chosen item's lessons are asked about: a few of the school's hidden pairs.
  hidden as materialized (
    select a.user_id, a.lesson_id from public.lesson_access a
    where not a.is_visible and a.lesson_id in (select id from steps)
      and (a.user_id in (select user_id from students)) is true
    union all
    select m.user_id, g.lesson_id
    from public.group_lesson_access g join public.group_members m on m.group_id = g.group_id
    where not g.is_visible and g.lesson_id in (select id from steps)
      and (m.user_id in (select user_id from students)) is true
      and not exists (
        select 1 from public.group_lesson_access v join public.group_members s on s.group_id = v.group_id
        where v.lesson_id = g.lesson_id and v.is_visible and s.user_id = m.user_id offset 0
      )
      and not exists (select 1 from public.lesson_access p where p.user_id = m.user_id and p.lesson_id = g.lesson_id offset 0)
  ),
  reached as (
    select p.lesson_id, count(*) as opened, count(*) filter (where p.completed_at is not null) as passed
    from public.lesson_progress p
    where p.lesson_id in (select id from steps)
      and (p.last_opened_at is not null or p.completed_at is not null)
      and (p.user_id in (select user_id from students)) is true
      and ((p.user_id, p.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)) is true
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

create or replace function public.analytics_homework(_group_id uuid default null, _track text default null) returns jsonb
    language sql stable security definer
    set search_path to ''
    set jit to 'off'
    set work_mem to '32MB'
    as $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  -- Only the lessons with homework matter: the hidden pairs are asked about those alone.
  tasks as materialized (
    select a.id, a.lesson_id from public.assignments a
    where a.lesson_id in (select l.id from public.analytics_lessons(_track) l)
  ),
  hidden as materialized (
    select a.user_id, a.lesson_id from public.lesson_access a
    where not a.is_visible and (a.lesson_id in (select lesson_id from tasks)) is true
      and (a.user_id in (select user_id from students)) is true
    union all
    select m.user_id, g.lesson_id
    from public.group_lesson_access g
    cross join lateral (select m.user_id from public.group_members m where m.group_id = g.group_id offset 0) m
    where not g.is_visible and g.lesson_id in (select lesson_id from tasks)
      and (m.user_id in (select user_id from students)) is true
      and not exists (
        select 1 from public.group_lesson_access v join public.group_members s on s.group_id = v.group_id
        where v.lesson_id = g.lesson_id and v.is_visible and s.user_id = m.user_id offset 0
      )
      and not exists (select 1 from public.lesson_access p where p.user_id = m.user_id and p.lesson_id = g.lesson_id offset 0)
  ),
  since as (select (((now() at time zone 'Europe/Moscow')::date - 29)::timestamp at time zone 'Europe/Moscow') as at),
  waiting as (
    select s.submitted_at
    from public.submissions s join tasks a on a.id = s.assignment_id
    where s.status = 'submitted'
      and (s.user_id in (select user_id from students)) is true
      and ((s.user_id, a.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)) is true
  ),
  answered as materialized (
    select s.reviewer_id, s.status, extract(epoch from s.reviewed_at - s.submitted_at) / 60 as minutes
    from public.submissions s join tasks a on a.id = s.assignment_id
    where s.reviewed_at >= (select at from since) and s.status in ('accepted', 'returned')
      and (s.user_id in (select user_id from students)) is true
      and ((s.user_id, a.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)) is true
  ),
  waiting_now as (select count(*) as n, min(w.submitted_at) as oldest from waiting w)
  select case when (select public.is_reviewer()) then jsonb_build_object(
    'waiting', (select n from waiting_now),
    'oldest_waiting_at', (select oldest from waiting_now),
    'answered', (select count(*) from answered),
    'returned', (select count(*) from answered where status = 'returned'),
    'median_minutes', (select percentile_cont(0.5) within group (order by minutes) from answered),
    'reviewers', coalesce((
      select jsonb_agg(r order by r.answered desc, r.name)
      from (
        select a.reviewer_id as id, coalesce(nullif(btrim(p.full_name), ''), p.email) as name,
          a.answered, a.returned, a.median_minutes
        from (
          select x.reviewer_id, count(*) as answered, count(*) filter (where x.status = 'returned') as returned,
            percentile_cont(0.5) within group (order by x.minutes) as median_minutes
          from answered x group by x.reviewer_id
        ) a
        left join public.profiles p on p.id = a.reviewer_id
      ) r
    ), '[]'::jsonb)
  ) end;
$$;

create or replace function public.analytics_at_risk(_group_id uuid default null, _track text default null, _limit integer default 200) returns jsonb
    language sql stable security definer
    set search_path to ''
    set jit to 'off'
    set work_mem to '32MB'
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
        when coalesce(greatest(l.last_opened_at, l.passed_at, l.submitted_at) < (select at from week_ago), true) then 'idle'
        when coalesce(l.passed_at < (select at from week_ago), true) and l.lesson_id is not null and l.lesson_passed_at is null then 'stuck'
      end as reason
    from latest l
  ),
  at_risk as materialized (select * from judged j where j.reason is not null)
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
