-- Activity for one track took 920 ms at 10,000 students (issue 30 asks for 200): it took the
-- other track's lessons away from each student's month masks, and those are most of the activity.
-- With a track, the masks are now counted from the track's own lessons in the 30 days.
create or replace function public.analytics_activity(_group_id uuid DEFAULT NULL::uuid, _track text DEFAULT NULL::text) RETURNS jsonb
    language sql stable security definer
    set search_path to ''
    set jit to 'off'
    set work_mem to '32MB'
    as $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  lessons as materialized (select l.id from public.analytics_lessons(_track) l),
  uncounted as materialized (select l.id from public.lessons l where l.id not in (select id from lessons)),
  hidden as materialized (select h.user_id, h.lesson_id from public.analytics_hidden_lessons(array(select user_id from students)) h),
  since as (select (now() at time zone 'Europe/Moscow')::date - 29 as day),
  months as materialized (
    select m.* from public.student_activity_months m
    where m.month >= (select date_trunc('month', day)::date from since)
      and (m.user_id in (select user_id from students)) is true -- hashed: one pass over the window's months
  ),
  rolled as (
    select m.user_id,
      bit_or(((m.opened_days::bigint << (32 + (m.month - s.day))) >> 32) & 1073741823) as opened,
      bit_or(((m.completed_days::bigint << (32 + (m.month - s.day))) >> 32) & 1073741823) as completed,
      bit_or(((m.submitted_days::bigint << (32 + (m.month - s.day))) >> 32) & 1073741823) as submitted
    from months m cross join since s
    group by m.user_id
  ),
  -- Per student and day, how many lessons of each kind do not count (a row is one lesson).
  odd as (
    select e.user_id, e.day, count(*) filter (where e.opened) as opened,
      count(*) filter (where e.completed) as completed, count(*) filter (where e.submitted) as submitted
    from (
      select a.user_id, a.day, a.opened, a.completed, a.submitted from public.student_activity_lessons a
      where a.day >= (select day from since) and a.lesson_id in (select id from uncounted)
      union all
      select a.user_id, a.day, a.opened, a.completed, a.submitted from public.student_activity_lessons a
      where a.day >= (select day from since) and a.lesson_id in (select distinct lesson_id from hidden)
        and a.lesson_id not in (select id from uncounted)
        and ((a.user_id, a.lesson_id) in (select user_id, lesson_id from hidden)) is true -- hashed, not a join per pair
    ) e
    group by e.user_id, e.day
  ),
  cleared as (
    select o.user_id,
      bit_or(o.bit) filter (where m.opened_lessons[o.n] <= o.opened) as opened,
      bit_or(o.bit) filter (where m.completed_lessons[o.n] <= o.completed) as completed,
      bit_or(o.bit) filter (where m.submitted_lessons[o.n] <= o.submitted) as submitted
    from (
      select d.*, extract(day from d.day)::integer as n, 1::bigint << (d.day - (select day from since)) as bit from odd d
    ) o
    join months m on m.user_id = o.user_id and m.month = date_trunc('month', o.day)::date
    group by o.user_id
  ),
  masks as materialized (
    select r.user_id, m.opened, m.completed, m.submitted, m.opened | m.completed | m.submitted as active
    from rolled r
    left join cleared c on c.user_id = r.user_id
    cross join lateral (select
      r.opened & ~coalesce(c.opened, 0) as opened,
      r.completed & ~coalesce(c.completed, 0) as completed,
      r.submitted & ~coalesce(c.submitted, 0) as submitted) m
    where _track is null
    union all
    -- A track leaves out the other track's lessons, most of the activity: counting the track's own
    -- lessons, day by day, reads far less than taking the rest away from the month masks.
    select t.user_id, t.opened, t.completed, t.submitted, t.opened | t.completed | t.submitted
    from (
      select a.user_id,
        coalesce(bit_or(1::bigint << (a.day - s.day)) filter (where a.opened), 0) as opened,
        coalesce(bit_or(1::bigint << (a.day - s.day)) filter (where a.completed), 0) as completed,
        coalesce(bit_or(1::bigint << (a.day - s.day)) filter (where a.submitted), 0) as submitted
      from public.student_activity_lessons a cross join since s
      where _track is not null and a.day >= s.day
        and a.lesson_id in (select id from lessons)
        and (a.user_id in (select user_id from students)) is true
        and ((a.user_id, a.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)) is true
      group by a.user_id
    ) t
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
