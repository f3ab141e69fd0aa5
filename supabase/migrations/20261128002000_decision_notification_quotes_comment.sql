-- A decision's notification quotes the curator's comment and names it (issue 43). The trigger on
-- submissions wrote the notification before review_submission added the comment, so neither the
-- bell, the e-mail nor Telegram could quote it, and the link led to the top of the lesson. The
-- comment is now written first, and the notification carries it (its first 1,000 characters; the
-- app shortens it further) with its id, which the lesson page uses as the comment's anchor.
-- review_submission also answers whose work it decided, so the reviewer's toast can name them.

create or replace function public.notify_homework_decision()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  insert into public.notifications (user_id, kind, payload)
  select new.user_id,
    case when new.status = 'accepted' then 'homework_accepted' else 'homework_returned' end::public.notification_kind,
    public.lesson_reference(a.lesson_id)
      || jsonb_build_object('submission_id', new.id, 'attempt', new.attempt)
      || coalesce((
        select jsonb_build_object('comment_id', c.id, 'comment', left(c.body_md, 1000))
        from public.submission_comments c
        where c.submission_id = new.id
        order by c.created_at desc, c.id desc
        limit 1
      ), '{}'::jsonb)
  from public.assignments a where a.id = new.assignment_id;
  return null;
end;
$$;

comment on function public.notify_homework_decision() is
  'Trigger on submissions (a waiting work accepted or returned): the student''s notification, with the lesson, the work and the decision''s comment (comment_id, comment: its first 1,000 characters) when there is one. review_submission writes the comment before the status, so it is there.';

revoke all on function public.notify_homework_decision() from public, anon, authenticated, service_role;

-- The return type changes (void → text), so the function is made anew with its grants.
drop function public.review_submission(uuid, text, text);

create function public.review_submission(_submission_id uuid, _decision text, _comment text)
  returns text
  language plpgsql security definer
  set search_path = ''
as $$
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
    insert into public.lesson_progress (user_id, lesson_id, completed_at)
    values (work.user_id, lesson, now())
    on conflict (user_id, lesson_id) do update set completed_at = coalesce(public.lesson_progress.completed_at, now());
  end if;
  select coalesce(nullif(btrim(p.full_name), ''), p.email) into student from public.profiles p where p.id = work.user_id;
  return student;
end;
$$;

comment on function public.review_submission(uuid, text, text) is
  'Accepts or returns a waiting work as the caller, who must be allowed to review its student (may_review) and must not be that student; a return needs a comment (written before the status, so the notification quotes it), an accepted work passes its lesson. Answers the student''s name (or e-mail), for the reviewer''s confirmation.';

revoke all on function public.review_submission(uuid, text, text) from public, anon;
grant execute on function public.review_submission(uuid, text, text) to authenticated, service_role;
