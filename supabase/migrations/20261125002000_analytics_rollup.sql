-- Analytics at a school's scale: a daily activity rollup written by triggers in the transaction of
-- the change, so the activity panel reads a few rows per student instead of every recent progress
-- row, and sees every day a lesson was opened (lesson_progress keeps only the latest opening).
-- Homework and students at risk read through indexes instead of every attempt and student.

-- The activity panel reads the rollup now: one index fewer to write on every lesson opening.
drop index public.lesson_progress_opened_at_idx;

-- What each student did on each Moscow day, per lesson: the truth the panel filters by lesson.
create table public.student_activity_lessons (
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  opened boolean not null default false,
  completed boolean not null default false,
  submitted boolean not null default false,
  primary key (user_id, day, lesson_id)
);
create index student_activity_lessons_lesson_idx on public.student_activity_lessons (lesson_id, day)
  include (user_id, opened, completed, submitted);

-- The same per student and month: a bit per day (bit 0 = the 1st) and how many lessons had each
-- kind of event that day (index = day of the month). At most three rows per student cover any 30
-- days; the panel takes off the lessons that do not count for a student (drafts, hidden: few rows).
create table public.student_activity_months (
  user_id uuid not null references auth.users (id) on delete cascade,
  month date not null,
  opened_days integer not null default 0,
  completed_days integer not null default 0,
  submitted_days integer not null default 0,
  opened_lessons integer[] not null,
  completed_lessons integer[] not null,
  submitted_lessons integer[] not null,
  primary key (user_id, month)
);
create index student_activity_months_month_idx on public.student_activity_months (month);

-- Only the analytics functions (security definer) read these; nothing is exposed through the API.
alter table public.student_activity_lessons enable row level security;
alter table public.student_activity_months enable row level security;
revoke all on public.student_activity_lessons, public.student_activity_months from anon, authenticated;

-- One kind of event at a time. One upsert on the hot path: opening a lesson again the same day
-- writes nothing, and the month row is touched only when a lesson gains a kind of event that day.
create function public.note_student_activity(_user_id uuid, _lesson_id uuid, _at timestamptz, _opened boolean, _completed boolean, _submitted boolean)
  returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  _day date := (_at at time zone 'Europe/Moscow')::date;
  _n integer := extract(day from _day)::integer;
  _none integer[] := array_fill(0, array[31]);
  _one integer[] := array_fill(0, array[31]);
begin
  insert into public.student_activity_lessons as a (user_id, day, lesson_id, opened, completed, submitted)
  values (_user_id, _day, _lesson_id, _opened, _completed, _submitted)
  on conflict (user_id, day, lesson_id) do update
    set opened = a.opened or excluded.opened, completed = a.completed or excluded.completed, submitted = a.submitted or excluded.submitted
    where (excluded.opened and not a.opened) or (excluded.completed and not a.completed) or (excluded.submitted and not a.submitted);
  if found then
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
  end if;
end;
$$;
revoke all on function public.note_student_activity(uuid, uuid, timestamptz, boolean, boolean, boolean) from public, anon, authenticated;

-- A pass taken back (the undo of «Отметить пройденным») is no pass that day, as before the rollup.
create function public.forget_student_completion(_user_id uuid, _lesson_id uuid, _at timestamptz) returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  _day date := (_at at time zone 'Europe/Moscow')::date;
  _n integer := extract(day from _day)::integer;
begin
  update public.student_activity_lessons set completed = false
  where user_id = _user_id and day = _day and lesson_id = _lesson_id and completed;
  if found then
    update public.student_activity_months
    set completed_lessons[_n] = completed_lessons[_n] - 1,
      completed_days = case when completed_lessons[_n] <= 1 then completed_days & ~(1 << (_n - 1)) else completed_days end
    where user_id = _user_id and month = date_trunc('month', _day)::date;
  end if;
end;
$$;
revoke all on function public.forget_student_completion(uuid, uuid, timestamptz) from public, anon, authenticated;

create function public.lesson_progress_note_activity() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and old.completed_at is not null and old.completed_at is distinct from new.completed_at then
    perform public.forget_student_completion(old.user_id, old.lesson_id, old.completed_at);
  end if;
  if new.last_opened_at is not null and (tg_op = 'INSERT' or new.last_opened_at is distinct from old.last_opened_at) then
    perform public.note_student_activity(new.user_id, new.lesson_id, new.last_opened_at, true, false, false);
  end if;
  if new.completed_at is not null and (tg_op = 'INSERT' or new.completed_at is distinct from old.completed_at) then
    perform public.note_student_activity(new.user_id, new.lesson_id, new.completed_at, false, true, false);
  end if;
  return null;
end;
$$;
revoke all on function public.lesson_progress_note_activity() from public, anon, authenticated;
create trigger lesson_progress_note_activity after insert or update of last_opened_at, completed_at on public.lesson_progress
  for each row execute function public.lesson_progress_note_activity();

create function public.submissions_note_activity() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  perform public.note_student_activity(new.user_id, a.lesson_id, new.submitted_at, false, false, true)
  from public.assignments a where a.id = new.assignment_id;
  return null;
end;
$$;
revoke all on function public.submissions_note_activity() from public, anon, authenticated;
create trigger submissions_note_activity after insert on public.submissions
  for each row execute function public.submissions_note_activity();

-- The month rows of some students (all when null), counted from student_activity_lessons.
create function public.tally_student_activity_months(_user_ids uuid[]) returns setof public.student_activity_months
  language sql stable
  set search_path = ''
as $$
  with per_day as (
    select a.user_id, a.day, count(*) filter (where a.opened)::integer as opened,
      count(*) filter (where a.completed)::integer as completed, count(*) filter (where a.submitted)::integer as submitted
    from public.student_activity_lessons a
    where _user_ids is null or a.user_id = any(_user_ids)
    group by a.user_id, a.day
  ),
  months as (select distinct d.user_id, date_trunc('month', d.day)::date as month from per_day d)
  select m.user_id, m.month,
    coalesce(bit_or(1 << (n.n - 1)) filter (where d.opened > 0), 0),
    coalesce(bit_or(1 << (n.n - 1)) filter (where d.completed > 0), 0),
    coalesce(bit_or(1 << (n.n - 1)) filter (where d.submitted > 0), 0),
    array_agg(coalesce(d.opened, 0) order by n.n), array_agg(coalesce(d.completed, 0) order by n.n),
    array_agg(coalesce(d.submitted, 0) order by n.n)
  from months m
  cross join generate_series(1, 31) n(n)
  left join per_day d on d.user_id = m.user_id and d.day = m.month + n.n - 1 and d.day < (m.month + interval '1 month')::date
  group by m.user_id, m.month;
$$;
revoke all on function public.tally_student_activity_months(uuid[]) from public, anon, authenticated;

-- Rows leave only with their lesson or student (cascades): the months they touched are counted again.
create function public.recount_student_activity_months() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  _users uuid[] := array(select distinct g.user_id from gone g);
begin
  delete from public.student_activity_months m
  where (m.user_id, m.month) in (select g.user_id, date_trunc('month', g.day)::date from gone g);
  insert into public.student_activity_months
  select t.* from public.tally_student_activity_months(_users) t
  where (t.user_id, t.month) in (select g.user_id, date_trunc('month', g.day)::date from gone g)
    and exists (select 1 from auth.users u where u.id = t.user_id);
  return null;
end;
$$;
revoke all on function public.recount_student_activity_months() from public, anon, authenticated;
create trigger student_activity_lessons_recount after delete on public.student_activity_lessons
  referencing old table as gone for each statement execute function public.recount_student_activity_months();

-- The rollup from the stored rows: the backfill below, and a repair after rows were written with
-- triggers off (session_replication_role = replica, as bulk loads do). Earlier openings than the
-- stored latest are not known, so past days start as a lower bound and fill in from here on.
create function public.rebuild_student_activity() returns void
  language sql security definer
  set search_path = ''
  set work_mem = '256MB'
as $$
  truncate public.student_activity_lessons, public.student_activity_months;
  insert into public.student_activity_lessons (user_id, day, lesson_id, opened, completed, submitted)
  select e.user_id, e.day, e.lesson_id, bool_or(e.kind = 1), bool_or(e.kind = 2), bool_or(e.kind = 3)
  from (
    select p.user_id, (p.last_opened_at at time zone 'Europe/Moscow')::date as day, p.lesson_id, 1 as kind
    from public.lesson_progress p where p.last_opened_at is not null
    union all
    select p.user_id, (p.completed_at at time zone 'Europe/Moscow')::date, p.lesson_id, 2
    from public.lesson_progress p where p.completed_at is not null
    union all
    select s.user_id, (s.submitted_at at time zone 'Europe/Moscow')::date, a.lesson_id, 3
    from public.submissions s join public.assignments a on a.id = s.assignment_id
  ) e
  group by e.user_id, e.day, e.lesson_id;
  insert into public.student_activity_months select * from public.tally_student_activity_months(null);
$$;
revoke all on function public.rebuild_student_activity() from public, anon, authenticated;

select public.rebuild_student_activity();

-- Only one branch answers a caller, and the first two cannot repeat a student: no de-duplication of
-- a whole school.
create or replace function public.analytics_students(_group_id uuid) returns table (user_id uuid)
  language sql stable
  set search_path = ''
  rows 1000
as $$
  select p.id from public.profiles p
  where _group_id is null and p.role = 'student' and (select public.user_is_admin(auth.uid()))
  union all
  select m.user_id from public.group_members m
  where m.group_id = _group_id and (select public.user_is_admin(auth.uid()))
  union all
  select distinct m.user_id
  from public.group_curators c
  join public.group_members m on m.group_id = c.group_id
  where c.user_id = auth.uid() and (_group_id is null or c.group_id = _group_id)
    and (select public.holds_any_role(auth.uid(), '{curator}'))
    and not (select public.user_is_admin(auth.uid()));
$$;

-- From the grants that hide (few) to their members, rather than from every student to their groups.
-- The scope is a hashed set: written as «(… in …) is true» so the planner cannot turn it into a join
-- it would drive from the students (it guesses an array of 10,000 holds 10).
create or replace function public.analytics_hidden_lessons(_students uuid[]) returns table (user_id uuid, lesson_id uuid)
  language sql stable
  set search_path = ''
as $$
  with hiding as materialized (
    select distinct m.user_id, g.lesson_id
    from public.group_lesson_access g join public.group_members m on m.group_id = g.group_id
    where not g.is_visible
  )
  select a.user_id, a.lesson_id from public.lesson_access a
  where not a.is_visible and (a.user_id in (select unnest(_students))) is true
  union
  select h.user_id, h.lesson_id from hiding h
  where (h.user_id in (select unnest(_students))) is true
    and not exists (select 1 from public.lesson_access a where a.user_id = h.user_id and a.lesson_id = h.lesson_id)
    and not exists (
      select 1 from public.group_lesson_access v join public.group_members vm on vm.group_id = v.group_id
      where v.is_visible and v.lesson_id = h.lesson_id and vm.user_id = h.user_id
    );
$$;

-- Active students per Moscow day over the last 30 days, from the rollup: every day a lesson was
-- opened counts (from this migration on), not only its latest opening. A student's month bits are
-- moved onto the window (bit 0 = 29 days ago); a day loses a kind of event when all its lessons of
-- that kind do not count for the student (drafts, another track, hidden).
create or replace function public.analytics_activity(_group_id uuid default null, _track text default null) returns jsonb
  language sql stable security definer
  set search_path = ''
  set jit = off
  set work_mem = '32MB'
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

-- Homework, as before: the waiting works through the queue index, the answers through reviewed_at,
-- instead of every attempt of the scope's students. A waiting attempt is its student's latest
-- (submit_homework refuses another while one waits), so no search for a newer one.
create or replace function public.analytics_homework(_group_id uuid default null, _track text default null) returns jsonb
  language sql stable security definer
  set search_path = ''
  set jit = off
  set work_mem = '32MB'
as $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  lessons as materialized (select l.id from public.analytics_lessons(_track) l),
  hidden as materialized (select h.user_id, h.lesson_id from public.analytics_hidden_lessons(array(select user_id from students)) h),
  since as (select (((now() at time zone 'Europe/Moscow')::date - 29)::timestamp at time zone 'Europe/Moscow') as at),
  waiting as (
    select s.submitted_at
    from public.submissions s join public.assignments a on a.id = s.assignment_id
    where s.status = 'submitted'
      and s.user_id in (select user_id from students)
      and a.lesson_id in (select id from lessons)
      and (s.user_id, a.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)
  ),
  answered as materialized (
    select s.reviewer_id, s.status, extract(epoch from s.reviewed_at - s.submitted_at) / 60 as minutes
    from public.submissions s join public.assignments a on a.id = s.assignment_id
    where s.reviewed_at >= (select at from since) and s.status in ('accepted', 'returned')
      and s.user_id in (select user_id from students)
      and a.lesson_id in (select id from lessons)
      and (s.user_id, a.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)
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
          count(*) as answered, count(*) filter (where a.status = 'returned') as returned,
          percentile_cont(0.5) within group (order by a.minutes) as median_minutes
        from (select x.reviewer_id, x.status, x.minutes from answered x) a
        left join public.profiles p on p.id = a.reviewer_id
        group by a.reviewer_id, p.full_name, p.email
      ) r
    ), '[]'::jsonb)
  ) end;
$$;

-- Students at risk, as before. A counted pass within the week means neither idle nor stuck, so
-- those students are found through the completed_at index and only the others are looked at one by one.
create or replace function public.analytics_at_risk(_group_id uuid default null, _track text default null, _limit integer default 200) returns jsonb
  language sql stable security definer
  set search_path = ''
  set jit = off
  set work_mem = '32MB'
as $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  lessons as materialized (select l.id, l.title, l.item_title from public.analytics_lessons(_track) l),
  hidden as materialized (select h.user_id, h.lesson_id from public.analytics_hidden_lessons(array(select user_id from students)) h),
  -- The lessons that do not count, as a NOT IN the laterals below hash once.
  uncounted as materialized (select l.id from public.lessons l where l.id not in (select id from lessons)),
  week_ago as (select now() - interval '7 days' as at),
  passed_lately as materialized (
    select distinct p.user_id from public.lesson_progress p
    where p.completed_at >= (select at from week_ago) and p.user_id in (select user_id from students)
      and p.lesson_id not in (select id from uncounted)
      and (p.user_id, p.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)
  ),
  latest as (
    select s.user_id, lo.lesson_id, lo.last_opened_at, lo.completed_at as lesson_passed_at,
      lc.completed_at as passed_at, lw.submitted_at
    from students s
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
    left join lateral (
      select max(sub.submitted_at) as submitted_at
      from public.submissions sub join public.assignments a on a.id = sub.assignment_id
      where sub.user_id = s.user_id and a.lesson_id not in (select id from uncounted)
        and (sub.user_id, a.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)
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
