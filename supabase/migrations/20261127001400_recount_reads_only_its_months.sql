-- Deleting a lesson many students had opened took about 20 s at 10,000 students (longer than the
-- API's 8 s statement timeout, so the studio could not delete it): the all-tracks recount counted
-- the whole history of every student the lesson had, then kept the months it redoes. Those months
-- are now what their per-track rows, counted for exactly those months, add up to: a lesson is in
-- one track, so a day's lessons are the sum of its tracks' and its bits their union.

-- The all-tracks rows of student _user_ids[i] in month _months[i] (of everyone when null), from
-- their per-track rows as stored.
create function public.student_activity_months_from_tracks(_user_ids uuid[], _months date[]) returns setof public.student_activity_months
  language sql stable
  set search_path = ''
as $$
  with tracks as (
    select t.* from public.student_activity_track_months t
    where _user_ids is null or (t.user_id, t.month) in (select p.user_id, p.month from unnest(_user_ids, _months) p(user_id, month))
  ),
  days as (
    select t.user_id, t.month, n.n, sum(t.opened_lessons[n.n])::integer as opened,
      sum(t.completed_lessons[n.n])::integer as completed, sum(t.submitted_lessons[n.n])::integer as submitted
    from tracks t cross join generate_series(1, 31) n(n)
    group by t.user_id, t.month, n.n
  ),
  lessons_per_day as (
    select d.user_id, d.month, array_agg(d.opened order by d.n) as opened, array_agg(d.completed order by d.n) as completed,
      array_agg(d.submitted order by d.n) as submitted
    from days d group by d.user_id, d.month
  ),
  day_bits as (
    select t.user_id, t.month, bit_or(t.opened_days) as opened, bit_or(t.completed_days) as completed,
      bit_or(t.submitted_days) as submitted
    from tracks t group by t.user_id, t.month
  )
  select b.user_id, b.month, b.opened, b.completed, b.submitted, l.opened, l.completed, l.submitted
  from day_bits b join lessons_per_day l on l.user_id = b.user_id and l.month = b.month;
$$;
revoke all on function public.student_activity_months_from_tracks(uuid[], date[]) from public, anon, authenticated;

create or replace function public.recount_student_activity_months() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  _users uuid[] := array(select g.user_id from gone g);
  _months date[] := array(select date_trunc('month', g.day)::date from gone g);
begin
  delete from public.student_activity_months m
  where (m.user_id, m.month) in (select g.user_id, date_trunc('month', g.day)::date from gone g);
  delete from public.student_activity_track_months m
  where (m.user_id, m.month) in (select g.user_id, date_trunc('month', g.day)::date from gone g);
  insert into public.student_activity_track_months
  select t.* from public.tally_student_activity_track_months(_users, _months) t
  where exists (select 1 from auth.users u where u.id = t.user_id);
  insert into public.student_activity_months select * from public.student_activity_months_from_tracks(_users, _months);
  return null;
end;
$$;

create or replace function public.rebuild_student_activity() returns void
  language sql security definer
  set search_path = ''
  set work_mem = '256MB'
as $$
  truncate public.student_activity_lessons, public.student_activity_months, public.student_activity_track_months;
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
  insert into public.student_activity_track_months select * from public.tally_student_activity_track_months(null, null);
  insert into public.student_activity_months select * from public.student_activity_months_from_tracks(null, null);
$$;

drop function public.tally_student_activity_months(uuid[]);
