-- Nobody reviews their own work (issue 41). A curator who is also a member of a group they curate,
-- or an admin who hands in homework, passed may_review for their own submission and could accept
-- it by calling review_submission with their own token. Taking and deciding a work now refuse the
-- caller's own, with a hint the app words in Russian (homework_own); reading it on the review page
-- stays allowed, as may_review answers.

create or replace function public.claim_submission(_submission_id uuid)
  returns timestamp with time zone
  language plpgsql security definer
  set search_path = ''
as $$
declare
  work public.submissions;
begin
  select * into work from public.submissions where id = _submission_id for update;
  if work.id is null or not public.may_review(auth.uid(), work.user_id) then
    raise exception 'submission not found' using errcode = 'P0002';
  end if;
  if work.user_id = auth.uid() then
    raise exception 'nobody reviews their own work' using errcode = 'P0001', hint = 'homework_own';
  end if;
  if work.status <> 'submitted' then
    raise exception 'already reviewed' using errcode = 'P0001', hint = 'homework_reviewed';
  end if;
  if work.claimed_by is not null and work.claimed_by <> auth.uid() and work.claimed_until > now() then
    raise exception 'taken by another reviewer' using errcode = 'P0001', hint = 'homework_claimed';
  end if;
  update public.submissions
  set claimed_by = auth.uid(), claimed_until = now() + make_interval(mins => public.claim_minutes())
  where id = _submission_id
  returning claimed_until into work.claimed_until;
  return work.claimed_until;
end;
$$;

comment on function public.claim_submission(uuid) is
  'Takes a waiting work for claim_minutes() for the caller, who must be allowed to review its student (may_review) and must not be that student; answers when the claim ends.';

create or replace function public.review_submission(_submission_id uuid, _decision text, _comment text)
  returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  work public.submissions;
  lesson uuid;
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
  update public.submissions
  set status = case when _decision = 'accept' then 'accepted' else 'returned' end::public.submission_status,
    reviewed_at = now(), reviewer_id = auth.uid(), claimed_by = null, claimed_until = null
  where id = _submission_id;
  if _comment <> '' then
    insert into public.submission_comments (submission_id, author_id, body_md) values (_submission_id, auth.uid(), _comment);
  end if;
  if _decision = 'accept' then
    select a.lesson_id into lesson from public.assignments a where a.id = work.assignment_id;
    insert into public.lesson_progress (user_id, lesson_id, completed_at)
    values (work.user_id, lesson, now())
    on conflict (user_id, lesson_id) do update set completed_at = coalesce(public.lesson_progress.completed_at, now());
  end if;
end;
$$;

comment on function public.review_submission(uuid, text, text) is
  'Accepts or returns a waiting work as the caller, who must be allowed to review its student (may_review) and must not be that student; a return needs a comment, an accepted work passes its lesson.';
