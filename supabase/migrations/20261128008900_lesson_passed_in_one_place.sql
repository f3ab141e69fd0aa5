-- One place where a lesson becomes passed (issues 46 and 47): «Отметить пройденным», an accepted
-- homework and, next, a passed quiz all call pass_lesson, so whatever passing a lesson causes (a
-- certificate) is caused there and nowhere else.

create function public.pass_lesson(_user_id uuid, _lesson_id uuid) returns void
  language plpgsql security definer
  set search_path to ''
as $$
begin
  insert into public.lesson_progress (user_id, lesson_id, completed_at)
  values (_user_id, _lesson_id, now())
  on conflict (user_id, lesson_id) do update set completed_at = coalesce(public.lesson_progress.completed_at, now());
end;
$$;

comment on function public.pass_lesson(uuid, uuid) is
  'Records that _user_id passed _lesson_id, keeping the first time it was passed. The one way a lesson becomes passed: set_lesson_completed («Отметить пройденным»), review_submission (an accepted work) and a passed quiz call it, and what passing a lesson causes is caused here. Its callers check that the lesson may be passed; no API role may call it.';

revoke all on function public.pass_lesson(uuid, uuid) from public, anon, authenticated;

create or replace function public.set_lesson_completed(_lesson_id uuid, _completed boolean) returns boolean
  language plpgsql security definer
  set search_path to ''
as $$
begin
  if exists (select 1 from public.assignments where lesson_id = _lesson_id)
    or not public.can_open_lesson(auth.uid(), _lesson_id) then
    return false;
  end if;
  if _completed then
    perform public.pass_lesson(auth.uid(), _lesson_id);
  else
    update public.lesson_progress set completed_at = null
    where user_id = auth.uid() and lesson_id = _lesson_id;
  end if;
  return true;
end;
$$;

comment on function public.set_lesson_completed(uuid, boolean) is
  'Marks a lesson the caller may open as passed (pass_lesson, keeping the first time it was passed) or not passed («Отметить пройденным» and its undo); a lesson with an assignment is passed only by an accepted work, so it answers false there, as it does for a lesson the caller may not open. Answers whether the mark was taken.';

create or replace function public.review_submission(_submission_id uuid, _decision text, _comment text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  work public.submissions;
  lesson uuid;
  student text;
begin
  select * into work from public.submissions where id = _submission_id for update;
  if work.id is null or not public.may_review(auth.uid(), work.user_id) then
    raise exception 'submission not found' using errcode = 'P0002';
  end if;
  if work.user_id = auth.uid() then
    raise exception 'nobody reviews their own work' using errcode = 'P0001', hint = 'homework_own';
  end if;
  if _decision not in ('accept', 'return') then
    raise exception 'unknown decision' using errcode = '22023';
  end if;
  if work.status <> 'submitted' then
    raise exception 'already reviewed' using errcode = 'P0001', hint = 'homework_reviewed';
  end if;
  if work.claimed_by is not null and work.claimed_by <> auth.uid() and work.claimed_until > now() then
    raise exception 'taken by another reviewer' using errcode = 'P0001', hint = 'homework_claimed';
  end if;
  _comment := btrim(coalesce(_comment, ''));
  if _decision = 'return' and _comment = '' then
    raise exception 'a returned work needs a comment' using errcode = 'P0001', hint = 'homework_comment';
  end if;
  -- The comment first: the status change's trigger quotes it in the student's notification.
  if _comment <> '' then
    insert into public.submission_comments (submission_id, author_id, body_md) values (_submission_id, auth.uid(), _comment);
  end if;
  update public.submissions
  set status = case when _decision = 'accept' then 'accepted' else 'returned' end::public.submission_status,
    reviewed_at = now(), reviewer_id = auth.uid(), claimed_by = null, claimed_until = null
  where id = _submission_id;
  if _decision = 'accept' then
    select a.lesson_id into lesson from public.assignments a where a.id = work.assignment_id;
    perform public.pass_lesson(work.user_id, lesson);
  end if;
  select coalesce(nullif(btrim(p.full_name), ''), p.email) into student from public.profiles p where p.id = work.user_id;
  return student;
end;
$$;

comment on function public.review_submission(uuid, text, text) is
  'Accepts or returns a waiting work as the caller, who must be allowed to review its student (may_review) and must not be that student; a return needs a comment (written before the status, so the notification quotes it), an accepted work passes its lesson (pass_lesson). Answers the student''s name (or e-mail), for the reviewer''s confirmation.';
