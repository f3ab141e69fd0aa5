-- Two races in the rollup of …1800, found in review:
-- * A student's event on a lesson an admin is publishing, drafting or moving at that moment read
--   the lesson as it was: the edit's recount could not see the uncommitted event, and the event
--   then reached the months (or was taken out of them) by the lesson's old state. The lesson is
--   now read for share, after the edit commits.
-- * Two recounts of the same student's month at once (two lessons published together) failed on
--   the month's key: the second one's delete could not see the row the first inserted. Recounts
--   now take turns.

create or replace function public.recount_student_activity(_user_ids uuid[], _months date[]) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('public.recount_student_activity'));
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
  -- for share: a lesson being published, drafted or moved right now is read as its edit leaves it,
  -- after that edit's recount, which cannot see this uncommitted event.
  select case when l.tool_id is not null then 'tech' else 'product' end, l.is_published into _track, _published
  from public.lessons l where l.id = _lesson_id for share;
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
  from public.lessons l where l.id = _lesson_id for share;
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
