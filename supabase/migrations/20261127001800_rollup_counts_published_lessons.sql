-- Whole-school activity took 215 ms at 10,000 students (issue 30 asks for under 200). Two thirds of
-- it went to the events that do not count, read back from student_activity_lessons to be taken out
-- of the month rollup again:
-- * Events on draft lessons (15,000 rows at the scale school): the rollup now counts published
--   lessons only, so drafts are never in it. A lesson published or taken back to draft has its
--   students' months counted again (a studio edit; a lesson without activity costs nothing).
--   Lessons under a draft tool, block or module are still taken out at read time.
-- * Events on lessons a group hides: each hidden lesson's events are matched to the members of the
--   groups that hide it and that show it, lesson by lesson, instead of hashing the school's 29,000
--   (student, lesson) pairs first and checking every match against two more indexes.

-- The months of these students counted again from student_activity_lessons, both tables.
create function public.recount_student_activity(_user_ids uuid[], _months date[]) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  delete from public.student_activity_track_months m
  where (m.user_id, m.month) in (select * from unnest(_user_ids, _months));
  delete from public.student_activity_months m
  where (m.user_id, m.month) in (select * from unnest(_user_ids, _months));
  insert into public.student_activity_track_months
  select t.* from public.tally_student_activity_track_months(_user_ids, _months) t
  where exists (select 1 from auth.users u where u.id = t.user_id);
  insert into public.student_activity_months select * from public.student_activity_months_from_tracks(_user_ids, _months);
end;
$$;
revoke all on function public.recount_student_activity(uuid[], date[]) from public, anon, authenticated;

create or replace function public.tally_student_activity_track_months(_user_ids uuid[], _months date[]) returns setof public.student_activity_track_months
  language sql stable
  set search_path = ''
as $$
  with pairs as (select distinct p.user_id, p.month from unnest(_user_ids, _months) p(user_id, month)),
  picked as (
    select a.* from public.student_activity_lessons a where _user_ids is null
    union all
    select a.* from pairs p
    join public.student_activity_lessons a
      on a.user_id = p.user_id and a.day >= p.month and a.day < (p.month + interval '1 month')::date
  ),
  per_day as (
    select a.user_id, a.day, case when l.tool_id is not null then 'tech' else 'product' end as track,
      count(*) filter (where a.opened)::integer as opened,
      count(*) filter (where a.completed)::integer as completed, count(*) filter (where a.submitted)::integer as submitted
    from picked a join public.lessons l on l.id = a.lesson_id and l.is_published
    group by a.user_id, a.day, 3
  ),
  months as (select distinct d.user_id, date_trunc('month', d.day)::date as month, d.track from per_day d)
  select m.user_id, m.month, m.track,
    coalesce(bit_or(1 << (n.n - 1)) filter (where d.opened > 0), 0),
    coalesce(bit_or(1 << (n.n - 1)) filter (where d.completed > 0), 0),
    coalesce(bit_or(1 << (n.n - 1)) filter (where d.submitted > 0), 0),
    array_agg(coalesce(d.opened, 0) order by n.n), array_agg(coalesce(d.completed, 0) order by n.n),
    array_agg(coalesce(d.submitted, 0) order by n.n)
  from months m
  cross join generate_series(1, 31) n(n)
  left join per_day d on d.user_id = m.user_id and d.track = m.track
    and d.day = m.month + n.n - 1 and d.day < (m.month + interval '1 month')::date
  group by m.user_id, m.month, m.track;
$$;

-- Every event is kept per lesson; only a published lesson's reaches the months.
create or replace function public.note_student_activity(_user_id uuid, _lesson_id uuid, _at timestamptz, _opened boolean, _completed boolean, _submitted boolean)
  returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  _day date := (_at at time zone 'Europe/Moscow')::date;
  _n integer := extract(day from _day)::integer;
  _none integer[] := array_fill(0, array[31]);
  _one integer[] := array_fill(0, array[31]);
  _track text;
  _published boolean;
begin
  insert into public.student_activity_lessons as a (user_id, day, lesson_id, opened, completed, submitted)
  values (_user_id, _day, _lesson_id, _opened, _completed, _submitted)
  on conflict (user_id, day, lesson_id) do update
    set opened = a.opened or excluded.opened, completed = a.completed or excluded.completed, submitted = a.submitted or excluded.submitted
    where (excluded.opened and not a.opened) or (excluded.completed and not a.completed) or (excluded.submitted and not a.submitted);
  if not found then
    return;
  end if;
  select case when l.tool_id is not null then 'tech' else 'product' end, l.is_published into _track, _published
  from public.lessons l where l.id = _lesson_id;
  if not coalesce(_published, false) then
    return;
  end if;
  _one[_n] := 1;
  insert into public.student_activity_months as m
    (user_id, month, opened_days, completed_days, submitted_days, opened_lessons, completed_lessons, submitted_lessons)
  values (_user_id, date_trunc('month', _day)::date,
    case when _opened then 1 << (_n - 1) else 0 end, case when _completed then 1 << (_n - 1) else 0 end,
    case when _submitted then 1 << (_n - 1) else 0 end,
    case when _opened then _one else _none end, case when _completed then _one else _none end, case when _submitted then _one else _none end)
  on conflict (user_id, month) do update
    set opened_days = m.opened_days | excluded.opened_days, completed_days = m.completed_days | excluded.completed_days,
      submitted_days = m.submitted_days | excluded.submitted_days,
      opened_lessons[_n] = m.opened_lessons[_n] + excluded.opened_lessons[_n],
      completed_lessons[_n] = m.completed_lessons[_n] + excluded.completed_lessons[_n],
      submitted_lessons[_n] = m.submitted_lessons[_n] + excluded.submitted_lessons[_n];
  insert into public.student_activity_track_months as m
    (user_id, month, track, opened_days, completed_days, submitted_days, opened_lessons, completed_lessons, submitted_lessons)
  values (_user_id, date_trunc('month', _day)::date, _track,
    case when _opened then 1 << (_n - 1) else 0 end, case when _completed then 1 << (_n - 1) else 0 end,
    case when _submitted then 1 << (_n - 1) else 0 end,
    case when _opened then _one else _none end, case when _completed then _one else _none end, case when _submitted then _one else _none end)
  on conflict (user_id, month, track) do update
    set opened_days = m.opened_days | excluded.opened_days, completed_days = m.completed_days | excluded.completed_days,
      submitted_days = m.submitted_days | excluded.submitted_days,
      opened_lessons[_n] = m.opened_lessons[_n] + excluded.opened_lessons[_n],
      completed_lessons[_n] = m.completed_lessons[_n] + excluded.completed_lessons[_n],
      submitted_lessons[_n] = m.submitted_lessons[_n] + excluded.submitted_lessons[_n];
end;
$$;

create or replace function public.forget_student_completion(_user_id uuid, _lesson_id uuid, _at timestamptz) returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  _day date := (_at at time zone 'Europe/Moscow')::date;
  _n integer := extract(day from _day)::integer;
  _track text;
  _published boolean;
begin
  update public.student_activity_lessons set completed = false
  where user_id = _user_id and day = _day and lesson_id = _lesson_id and completed;
  if not found then
    return;
  end if;
  select case when l.tool_id is not null then 'tech' else 'product' end, l.is_published into _track, _published
  from public.lessons l where l.id = _lesson_id;
  if not coalesce(_published, false) then
    return;
  end if;
  update public.student_activity_months
  set completed_lessons[_n] = completed_lessons[_n] - 1,
    completed_days = case when completed_lessons[_n] <= 1 then completed_days & ~(1 << (_n - 1)) else completed_days end
  where user_id = _user_id and month = date_trunc('month', _day)::date;
  update public.student_activity_track_months
  set completed_lessons[_n] = completed_lessons[_n] - 1,
    completed_days = case when completed_lessons[_n] <= 1 then completed_days & ~(1 << (_n - 1)) else completed_days end
  where user_id = _user_id and month = date_trunc('month', _day)::date and track = _track;
end;
$$;

create or replace function public.recount_student_activity_months() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform public.recount_student_activity(array(select g.user_id from gone g), array(select date_trunc('month', g.day)::date from gone g));
  return null;
end;
$$;

-- A lesson moved between a tool and a course module, published or taken back to draft: the months
-- it had activity in are counted again for its students.
drop trigger lessons_recount_track_months on public.lessons;
drop function public.lessons_recount_track_months();
create function public.lessons_recount_activity_months() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform public.recount_student_activity(array_agg(p.user_id), array_agg(p.month))
  from (select distinct a.user_id, date_trunc('month', a.day)::date as month from public.student_activity_lessons a where a.lesson_id = new.id) p
  having count(*) > 0;
  return null;
end;
$$;
revoke all on function public.lessons_recount_activity_months() from public, anon, authenticated;
create trigger lessons_recount_activity_months after update of tool_id, course_module_id, is_published on public.lessons
  for each row when ((old.tool_id is null) is distinct from (new.tool_id is null) or old.is_published is distinct from new.is_published)
  execute function public.lessons_recount_activity_months();

-- The drafts' events leave the months they were counted in.
select public.recount_student_activity(array_agg(p.user_id), array_agg(p.month))
from (
  select distinct a.user_id, date_trunc('month', a.day)::date as month
  from public.student_activity_lessons a join public.lessons l on l.id = a.lesson_id
  where not l.is_published
) p
having count(*) > 0;
analyze public.student_activity_months, public.student_activity_track_months;

-- Taken out at read time: events on lessons under a draft parent, on lessons a group of the
-- student's hides (unless another shows it or their own record speaks), on lessons their own record hides.
create or replace function public.analytics_activity(_group_id uuid default null, _track text default null) returns jsonb
    language sql stable security definer
    set search_path to ''
    set jit to 'off'
    set work_mem to '32MB'
    -- The odd days meet their month rows in one hash join, not two sorts of the wide month rows.
    set enable_mergejoin to 'off'
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
          select m.user_id from public.group_lesson_access g join public.group_members m on m.group_id = g.group_id
          where g.lesson_id = hidden.lesson_id and not g.is_visible
        )
        and a.user_id not in (
          select m.user_id from public.group_lesson_access g join public.group_members m on m.group_id = g.group_id
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
