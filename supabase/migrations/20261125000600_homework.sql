-- Homework with curator review. A lesson may carry an assignment; a student hands in attempts
-- (submissions) that a curator of one of their groups, or an admin, accepts or returns with a
-- comment. A stop-lesson's assignment, until accepted, keeps the lessons after it closed.
-- Students never write submissions or statuses directly: only the functions below do, and each
-- checks who is asking. Every status change keeps who and when.

-- ---------------------------------------------------------------------------------------------
-- Who reviews whom
-- ---------------------------------------------------------------------------------------------

create table public.group_curators (
  group_id uuid not null references public.groups (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  added_at timestamptz not null default now(),
  primary key (group_id, user_id)
);

create index group_curators_user_idx on public.group_curators (user_id);

alter table public.group_curators enable row level security;

create policy "Admins and the curator read curator assignments" on public.group_curators
  for select to authenticated
  using ((select public.is_admin()) or user_id = (select auth.uid()));

create policy "Admins add curators" on public.group_curators
  for insert to authenticated
  with check ((select public.is_admin()));

create policy "Admins remove curators" on public.group_curators
  for delete to authenticated
  using ((select public.is_admin()));

revoke all on table public.group_curators from anon;
grant select, insert, delete on table public.group_curators to authenticated;

/** Whether a person may review a student's work: an admin, or a curator of one of the student's groups. */
create function public.may_review(_reviewer_id uuid, _student_id uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select public.user_is_admin(_reviewer_id)
    or (
      public.holds_any_role(_reviewer_id, '{curator}')
      and exists (
        select 1
        from public.group_curators c
        join public.group_members m on m.group_id = c.group_id
        where c.user_id = _reviewer_id and m.user_id = _student_id
      )
    );
$$;

revoke all on function public.may_review(uuid, uuid) from public, anon;
grant execute on function public.may_review(uuid, uuid) to authenticated, service_role;

/** Whether the caller reviews anything at all: an admin, or a curator of some group. */
create function public.is_reviewer() returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select public.user_is_admin(auth.uid())
    or (public.holds_any_role(auth.uid(), '{curator}') and exists (select 1 from public.group_curators where user_id = auth.uid()));
$$;

revoke all on function public.is_reviewer() from public, anon;
grant execute on function public.is_reviewer() to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Assignments
-- ---------------------------------------------------------------------------------------------

create table public.assignments (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null unique references public.lessons (id) on delete cascade,
  instructions_md text not null default '' constraint assignments_instructions_length check (char_length(instructions_md) <= 20000),
  accepts_text boolean not null default true,
  accepts_links boolean not null default false,
  accepts_files boolean not null default false,
  is_stop_lesson boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint assignments_accepts_something check (accepts_text or accepts_links or accepts_files)
);

alter table public.assignments enable row level security;

create policy "Who may open the lesson, and reviewers, read its assignment" on public.assignments
  for select to authenticated
  using ((select public.is_admin()) or (select public.is_reviewer()) or public.can_open_lesson((select auth.uid()), lesson_id));

create policy "Admins add assignments" on public.assignments
  for insert to authenticated
  with check ((select public.is_admin()));

create policy "Admins edit assignments" on public.assignments
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins delete assignments" on public.assignments
  for delete to authenticated
  using ((select public.is_admin()));

revoke all on table public.assignments from anon;
grant select, insert, update, delete on table public.assignments to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Submissions, their files and comments
-- ---------------------------------------------------------------------------------------------

create type public.submission_status as enum ('submitted', 'returned', 'accepted');

create table public.submissions (
  id uuid primary key default gen_random_uuid(),
  assignment_id uuid not null references public.assignments (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  attempt integer not null constraint submissions_attempt_positive check (attempt > 0),
  answer_md text not null default '' constraint submissions_answer_length check (char_length(answer_md) <= 50000),
  links text[] not null default '{}' constraint submissions_links_count check (cardinality(links) <= 10),
  status public.submission_status not null default 'submitted',
  submitted_at timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewer_id uuid references auth.users (id) on delete set null,
  claimed_by uuid references auth.users (id) on delete set null,
  claimed_until timestamptz,
  unique (assignment_id, user_id, attempt)
);

create index submissions_queue_idx on public.submissions (status, submitted_at);
create index submissions_user_idx on public.submissions (user_id, assignment_id);

alter table public.submissions enable row level security;

-- No insert, update or delete policy: submit_homework, claim_submission and review_submission write.
create policy "Students read their own work, reviewers their students'" on public.submissions
  for select to authenticated
  using (user_id = (select auth.uid()) or public.may_review((select auth.uid()), user_id));

revoke all on table public.submissions from anon;
revoke insert, update, delete on table public.submissions from authenticated;
grant select on table public.submissions to authenticated;

create table public.submission_files (
  id uuid primary key default gen_random_uuid(),
  submission_id uuid not null references public.submissions (id) on delete cascade,
  object_path text not null,
  file_name text not null
    constraint submission_files_file_name_clean check (
      char_length(file_name) between 1 and 255
      and file_name !~ '[[:cntrl:]\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]'
      and file_name not in ('.', '..')
    ),
  size_bytes bigint not null constraint submission_files_size_positive check (size_bytes > 0),
  mime_type text not null
);

create index submission_files_submission_idx on public.submission_files (submission_id);

alter table public.submission_files enable row level security;

create policy "Who reads the submission reads its files" on public.submission_files
  for select to authenticated
  using (exists (select 1 from public.submissions s where s.id = submission_id));

revoke all on table public.submission_files from anon;
revoke insert, update, delete on table public.submission_files from authenticated;
grant select on table public.submission_files to authenticated;

create table public.submission_comments (
  id uuid primary key default gen_random_uuid(),
  submission_id uuid not null references public.submissions (id) on delete cascade,
  author_id uuid references auth.users (id) on delete set null,
  body_md text not null constraint submission_comments_body_length check (char_length(body_md) between 1 and 20000),
  created_at timestamptz not null default now()
);

create index submission_comments_submission_idx on public.submission_comments (submission_id, created_at);

alter table public.submission_comments enable row level security;

create policy "Who reads the submission reads its comments" on public.submission_comments
  for select to authenticated
  using (exists (select 1 from public.submissions s where s.id = submission_id));

revoke all on table public.submission_comments from anon;
revoke insert, update, delete on table public.submission_comments from authenticated;
grant select on table public.submission_comments to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Stop-lessons: the lessons after an unaccepted stop-lesson stay closed
-- ---------------------------------------------------------------------------------------------

/**
 * Of the given lessons, those a stop-lesson holds for the user: published lessons that come after
 * a published stop-lesson of the same tool or course module (in the page's order: loose lessons,
 * then blocks in order) whose assignment the user has no accepted work for. None for an admin.
 */
create function public.held_lesson_ids(_user_id uuid, _lesson_ids uuid[]) returns uuid[]
  language sql stable security definer
  set search_path = ''
as $$
  with asked as (
    select l.tool_id, l.course_module_id from public.lessons l where l.id = any(_lesson_ids)
  ),
  sequence as (
    select l.id,
      coalesce(l.tool_id, l.course_module_id) as parent_id,
      row_number() over (
        partition by coalesce(l.tool_id, l.course_module_id)
        order by (l.module_id is not null), coalesce(m.order_index, 0), l.order_index, l.id
      ) as position
    from public.lessons l
    left join public.modules m on m.id = l.module_id
    where l.is_published
      and (l.tool_id in (select tool_id from asked) or l.course_module_id in (select course_module_id from asked))
  ),
  first_open_stop as (
    select s.parent_id, min(s.position) as position
    from sequence s
    join public.assignments a on a.lesson_id = s.id and a.is_stop_lesson
    where not exists (
      select 1 from public.submissions sub
      where sub.assignment_id = a.id and sub.user_id = _user_id and sub.status = 'accepted'
    )
    group by s.parent_id
  )
  select coalesce(array_agg(s.id), '{}')
  from sequence s
  join first_open_stop f on f.parent_id = s.parent_id and s.position > f.position
  where s.id = any(_lesson_ids)
    -- Admins pass every stop; nobody learns about another student's work.
    and public.may_ask_about(_user_id) and not public.user_is_admin(_user_id);
$$;

revoke all on function public.held_lesson_ids(uuid, uuid[]) from public, anon;
grant execute on function public.held_lesson_ids(uuid, uuid[]) to authenticated, service_role;

-- The access rule as before, narrowed by stop-lessons for everyone but admins.
create or replace function public.can_open_lesson(_user_id uuid, _lesson_id uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select public.may_ask_about(_user_id) and (
    public.user_is_admin(_user_id)
    or (
      exists (
        select 1
        from public.lessons l
        where l.id = _lesson_id and l.is_published
          and (
            (
              exists (
                select 1 from public.tech_tools t
                join public.effective_item(_user_id, 'tool', t.id) a on a.is_unlocked and a.is_visible
                where t.id = l.tool_id and t.is_published
              )
              and (l.module_id is null or exists (select 1 from public.modules m where m.id = l.module_id and m.is_published))
            )
            or exists (
              select 1 from public.course_modules c
              join public.effective_item(_user_id, 'module', c.id) a on a.is_unlocked and a.is_visible
              where c.id = l.course_module_id and c.is_published
            )
          )
      )
      and not exists (
        select 1 from public.effective_item(_user_id, 'lesson', _lesson_id) e where not (e.is_unlocked and e.is_visible)
      )
      and not (_lesson_id = any (public.held_lesson_ids(_user_id, array[_lesson_id])))
    )
  );
$$;

-- The lesson lists name the held lessons, so they look locked and say why.
create or replace function public.lesson_list(_lesson_ids uuid[], _user_id uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object(
    'lessons', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', l.id, 'module_id', l.module_id, 'title', l.title, 'order_index', l.order_index
      ) order by l.order_index, l.id)
      from public.lessons l
      where l.id = any(_lesson_ids)
    ), '[]'::jsonb),
    'lesson_access', coalesce((
      select jsonb_agg(jsonb_build_object(
        'lesson_id', e.item_id, 'is_unlocked', e.is_unlocked, 'is_visible', e.is_visible
      ))
      from public.effective_access(_user_id) e
      where e.kind = 'lesson' and e.item_id = any(_lesson_ids)
    ), '[]'::jsonb),
    'completed', coalesce((
      select jsonb_agg(p.lesson_id order by p.lesson_id)
      from public.lesson_progress p
      where p.user_id = _user_id and p.lesson_id = any(_lesson_ids) and p.completed_at is not null
    ), '[]'::jsonb),
    'held', to_jsonb(public.held_lesson_ids(_user_id, _lesson_ids))
  );
$$;

-- A lesson with an assignment is passed when its work is accepted, not by the student's own mark.
create or replace function public.set_lesson_completed(_lesson_id uuid, _completed boolean) returns boolean
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if exists (select 1 from public.assignments where lesson_id = _lesson_id) then
    return false;
  end if;
  insert into public.lesson_progress (user_id, lesson_id, completed_at)
  select auth.uid(), _lesson_id, case when _completed then now() end
  where public.can_open_lesson(auth.uid(), _lesson_id)
  on conflict (user_id, lesson_id) do update
    set completed_at = case when _completed then coalesce(public.lesson_progress.completed_at, now()) end;
  return found;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Handing in, taking and reviewing
-- ---------------------------------------------------------------------------------------------

/**
 * The caller hands in an attempt: allowed while the lesson is open to them, nothing of theirs is
 * waiting for review and nothing is accepted yet; what the assignment takes, and nothing empty.
 * `_files`: [{ path, file_name, size_bytes, mime_type }] already uploaded to the homework bucket
 * under the caller's own folder for this assignment. Answers the new submission's id.
 */
create function public.submit_homework(_assignment_id uuid, _answer_md text, _links text[], _files jsonb) returns uuid
  language plpgsql security definer
  set search_path = ''
as $$
declare
  task public.assignments;
  next_attempt integer;
  submission_id uuid;
  file jsonb;
begin
  select * into task from public.assignments where id = _assignment_id;
  if task.id is null or auth.uid() is null or not public.can_open_lesson(auth.uid(), task.lesson_id) then
    raise exception 'assignment not found' using errcode = 'P0002';
  end if;
  -- One attempt at a time per student and assignment, even from two tabs at once.
  perform pg_advisory_xact_lock(hashtextextended(_assignment_id::text || auth.uid()::text, 0));
  if exists (select 1 from public.submissions where assignment_id = _assignment_id and user_id = auth.uid() and status = 'accepted') then
    raise exception 'already accepted' using errcode = 'P0001', hint = 'homework_accepted';
  end if;
  if exists (select 1 from public.submissions where assignment_id = _assignment_id and user_id = auth.uid() and status = 'submitted') then
    raise exception 'already waiting' using errcode = 'P0001', hint = 'homework_waiting';
  end if;
  _answer_md := coalesce(_answer_md, '');
  _links := coalesce(_links, '{}');
  _files := coalesce(_files, '[]'::jsonb);
  if (not task.accepts_text and btrim(_answer_md) <> '')
    or (not task.accepts_links and cardinality(_links) > 0)
    or (not task.accepts_files and jsonb_array_length(_files) > 0)
  then
    raise exception 'the assignment does not take this kind of answer' using errcode = 'P0001', hint = 'homework_kind';
  end if;
  if btrim(_answer_md) = '' and cardinality(_links) = 0 and jsonb_array_length(_files) = 0 then
    raise exception 'empty answer' using errcode = 'P0001', hint = 'homework_empty';
  end if;
  if exists (select 1 from unnest(_links) link where link !~ '^https?://[^\s]+$' or char_length(link) > 2000) then
    raise exception 'a link is not an address' using errcode = 'P0001', hint = 'homework_link';
  end if;
  if jsonb_array_length(_files) > 10 then
    raise exception 'too many files' using errcode = 'P0001', hint = 'homework_files';
  end if;

  select coalesce(max(attempt), 0) + 1 into next_attempt
  from public.submissions where assignment_id = _assignment_id and user_id = auth.uid();
  insert into public.submissions (assignment_id, user_id, attempt, answer_md, links)
  values (_assignment_id, auth.uid(), next_attempt, _answer_md, _links)
  returning id into submission_id;

  for file in select * from jsonb_array_elements(_files) loop
    if (file ->> 'path') is null
      or split_part(file ->> 'path', '/', 1) <> auth.uid()::text
      or split_part(file ->> 'path', '/', 2) <> _assignment_id::text
      or not exists (select 1 from storage.objects o where o.bucket_id = 'homework' and o.name = file ->> 'path')
    then
      raise exception 'a file is not the caller''s upload' using errcode = 'P0001', hint = 'homework_file_missing';
    end if;
    insert into public.submission_files (submission_id, object_path, file_name, size_bytes, mime_type)
    select submission_id, o.name, file ->> 'file_name', coalesce((o.metadata ->> 'size')::bigint, 1), coalesce(o.metadata ->> 'mimetype', 'application/octet-stream')
    from storage.objects o
    where o.bucket_id = 'homework' and o.name = file ->> 'path';
  end loop;
  return submission_id;
end;
$$;

revoke all on function public.submit_homework(uuid, text, text[], jsonb) from public, anon;
grant execute on function public.submit_homework(uuid, text, text[], jsonb) to authenticated, service_role;

/** How long a taken submission stays with its reviewer before another may take it. */
create function public.claim_minutes() returns integer language sql immutable as $$ select 30 $$;

/**
 * The caller takes a waiting submission to review: refused while another reviewer's claim runs,
 * whoever asks at the same moment (the row is locked). Answers the claim's end.
 */
create function public.claim_submission(_submission_id uuid) returns timestamptz
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

revoke all on function public.claim_submission(uuid) from public, anon;
grant execute on function public.claim_submission(uuid) to authenticated, service_role;

/** The caller lets go of a submission they took. */
create function public.release_submission(_submission_id uuid) returns void
  language sql security definer
  set search_path = ''
as $$
  update public.submissions
  set claimed_by = null, claimed_until = null
  where id = _submission_id and claimed_by = auth.uid() and status = 'submitted';
$$;

revoke all on function public.release_submission(uuid) from public, anon;
grant execute on function public.release_submission(uuid) to authenticated, service_role;

/**
 * Accepts (`accept`) or returns (`return`, a comment required) a waiting submission, as a reviewer
 * of its student, unless another reviewer holds it. Accepting counts the lesson as passed.
 */
create function public.review_submission(_submission_id uuid, _decision text, _comment text) returns void
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

revoke all on function public.review_submission(uuid, text, text) from public, anon;
grant execute on function public.review_submission(uuid, text, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Pages
-- ---------------------------------------------------------------------------------------------

/** A lesson's homework as its student sees it: the assignment and every attempt with its files and comments. */
create function public.homework_for(_user_id uuid, _lesson_id uuid) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object(
    'assignment', jsonb_build_object(
      'id', a.id, 'instructions_md', a.instructions_md, 'accepts_text', a.accepts_text,
      'accepts_links', a.accepts_links, 'accepts_files', a.accepts_files, 'is_stop_lesson', a.is_stop_lesson
    ),
    'attempts', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', s.id, 'attempt', s.attempt, 'answer_md', s.answer_md, 'links', to_jsonb(s.links), 'status', s.status,
        'submitted_at', s.submitted_at, 'reviewed_at', s.reviewed_at,
        'files', coalesce((
          select jsonb_agg(jsonb_build_object('id', f.id, 'file_name', f.file_name, 'size_bytes', f.size_bytes, 'mime_type', f.mime_type) order by f.file_name)
          from public.submission_files f where f.submission_id = s.id
        ), '[]'::jsonb),
        'comments', coalesce((
          select jsonb_agg(jsonb_build_object(
            'id', c.id, 'body_md', c.body_md, 'created_at', c.created_at,
            'author', coalesce(p.full_name, 'Куратор')
          ) order by c.created_at)
          from public.submission_comments c left join public.profiles p on p.id = c.author_id
          where c.submission_id = s.id
        ), '[]'::jsonb)
      ) order by s.attempt)
      from public.submissions s
      where s.assignment_id = a.id and s.user_id = _user_id
    ), '[]'::jsonb)
  )
  from public.assignments a
  where a.lesson_id = _lesson_id and public.can_open_lesson(_user_id, _lesson_id);
$$;

revoke all on function public.homework_for(uuid, uuid) from public, anon;
grant execute on function public.homework_for(uuid, uuid) to authenticated, service_role;

-- The lesson pages stay one request: the homework joins the content.
create or replace function public.lesson_page(_tool_name text, _lesson_id uuid, _student_id uuid default null) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select public.tool_page(_tool_name, _student_id) || jsonb_build_object(
    'lesson_hidden', _lesson_id = any (public.hidden_item_ids(coalesce(_student_id, auth.uid()), 'lesson')),
    'content', (
      select to_jsonb(c)
        || coalesce(public.lesson_materials_for(coalesce(_student_id, auth.uid()), _lesson_id), '{}'::jsonb)
        || jsonb_build_object('homework', public.homework_for(coalesce(_student_id, auth.uid()), _lesson_id))
      from public.lesson_content_for(coalesce(_student_id, auth.uid()), _lesson_id) c
    )
  );
$$;

create or replace function public.course_lesson_page(_module_id uuid, _lesson_id uuid, _student_id uuid default null) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select public.course_module_page(_module_id, _student_id) || jsonb_build_object(
    'lesson_hidden', _lesson_id = any (public.hidden_item_ids(coalesce(_student_id, auth.uid()), 'lesson')),
    'content', (
      select to_jsonb(c)
        || coalesce(public.lesson_materials_for(coalesce(_student_id, auth.uid()), _lesson_id), '{}'::jsonb)
        || jsonb_build_object('homework', public.homework_for(coalesce(_student_id, auth.uid()), _lesson_id))
      from public.lesson_content_for(coalesce(_student_id, auth.uid()), _lesson_id) c
    )
  );
$$;

/** What waits for the caller: their works returned for changes and waiting for review, for the dashboard. */
create function public.homework_summary() returns jsonb
  language sql stable
  set search_path = ''
as $$
  with latest as (
    select distinct on (s.assignment_id) s.status
    from public.submissions s
    where s.user_id = auth.uid()
    order by s.assignment_id, s.attempt desc
  )
  select jsonb_build_object(
    'returned', count(*) filter (where status = 'returned'),
    'submitted', count(*) filter (where status = 'submitted'),
    'accepted', count(*) filter (where status = 'accepted')
  )
  from latest;
$$;

revoke all on function public.homework_summary() from public, anon;
grant execute on function public.homework_summary() to authenticated, service_role;

/**
 * The review queue as the caller may see it (row level security on submissions decides): the
 * latest attempts, filtered, oldest waiting first, a page at a time, with the total.
 * `_track`: 'tech' or 'product'; `_item_id`: a tool or a course module; `_group_id`: one group.
 */
create function public.review_queue(
  _status public.submission_status default 'submitted',
  _group_id uuid default null,
  _track text default null,
  _item_id uuid default null,
  _lesson_id uuid default null,
  _limit integer default 50,
  _offset integer default 0
) returns jsonb
  language sql stable
  set search_path = ''
as $$
  with visible as (
    select s.*, a.lesson_id, l.title as lesson_title, l.tool_id, l.course_module_id,
      coalesce(t.name, cm.title) as item_title
    from public.submissions s
    join public.assignments a on a.id = s.assignment_id
    join public.lessons l on l.id = a.lesson_id
    left join public.tech_tools t on t.id = l.tool_id
    left join public.course_modules cm on cm.id = l.course_module_id
    where (_status is null or s.status = _status)
      and (_lesson_id is null or a.lesson_id = _lesson_id)
      and (_item_id is null or l.tool_id = _item_id or l.course_module_id = _item_id)
      and (_track is null or (_track = 'tech' and l.tool_id is not null) or (_track = 'product' and l.course_module_id is not null))
      and (_group_id is null or exists (select 1 from public.group_members m where m.group_id = _group_id and m.user_id = s.user_id))
  ),
  page as (
    select * from visible order by submitted_at, id limit least(greatest(_limit, 1), 200) offset greatest(_offset, 0)
  )
  select jsonb_build_object(
    'total', (select count(*) from visible),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', p.id, 'attempt', p.attempt, 'status', p.status, 'submitted_at', p.submitted_at, 'reviewed_at', p.reviewed_at,
        'lesson_id', p.lesson_id, 'lesson_title', p.lesson_title, 'item_title', p.item_title,
        'track', case when p.tool_id is not null then 'tech' else 'product' end,
        'student', jsonb_build_object('id', p.user_id, 'full_name', sp.full_name, 'email', sp.email),
        'claimed_by', case when p.claimed_until > now() then jsonb_build_object('id', p.claimed_by, 'full_name', cp.full_name) end,
        'claimed_until', case when p.claimed_until > now() then p.claimed_until end
      ) order by p.submitted_at, p.id)
      from page p
      left join public.profiles sp on sp.id = p.user_id
      left join public.profiles cp on cp.id = p.claimed_by
    ), '[]'::jsonb)
  );
$$;

revoke all on function public.review_queue(public.submission_status, uuid, text, uuid, uuid, integer, integer) from public, anon;
grant execute on function public.review_queue(public.submission_status, uuid, text, uuid, uuid, integer, integer) to authenticated, service_role;

/**
 * One submission for its reviewer: the answer with its files, the assignment, the lesson beside it
 * (its text, description and video, whatever the reviewer's own access), the student's earlier
 * attempts with their comments, and the next waiting submission. Null for anyone else.
 */
create function public.review_page(_submission_id uuid) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object(
    'submission', jsonb_build_object(
      'id', s.id, 'attempt', s.attempt, 'status', s.status, 'answer_md', s.answer_md, 'links', to_jsonb(s.links),
      'submitted_at', s.submitted_at, 'reviewed_at', s.reviewed_at,
      'claimed_by', case when s.claimed_until > now() then jsonb_build_object('id', s.claimed_by, 'full_name', cp.full_name) end,
      'claimed_until', case when s.claimed_until > now() then s.claimed_until end
    ),
    'student', jsonb_build_object('id', s.user_id, 'full_name', sp.full_name, 'email', sp.email),
    'assignment', jsonb_build_object('id', a.id, 'instructions_md', a.instructions_md, 'is_stop_lesson', a.is_stop_lesson),
    'lesson', jsonb_build_object(
      'id', l.id, 'title', l.title, 'description', l.description, 'video_url', l.video_url, 'body_md', l.body_md,
      'item_title', coalesce(t.name, cm.title)
    ),
    'attempts', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', e.id, 'attempt', e.attempt, 'status', e.status, 'answer_md', e.answer_md, 'links', to_jsonb(e.links),
        'submitted_at', e.submitted_at, 'reviewed_at', e.reviewed_at,
        'files', coalesce((
          select jsonb_agg(jsonb_build_object('id', f.id, 'file_name', f.file_name, 'size_bytes', f.size_bytes, 'mime_type', f.mime_type) order by f.file_name)
          from public.submission_files f where f.submission_id = e.id
        ), '[]'::jsonb),
        'comments', coalesce((
          select jsonb_agg(jsonb_build_object('id', c.id, 'body_md', c.body_md, 'created_at', c.created_at, 'author', coalesce(p.full_name, 'Куратор')) order by c.created_at)
          from public.submission_comments c left join public.profiles p on p.id = c.author_id
          where c.submission_id = e.id
        ), '[]'::jsonb)
      ) order by e.attempt)
      from public.submissions e
      where e.assignment_id = s.assignment_id and e.user_id = s.user_id
    ), '[]'::jsonb),
    'next_id', (
      select n.id from public.submissions n
      where n.status = 'submitted' and n.id <> s.id
        and public.may_review(auth.uid(), n.user_id)
        and (n.claimed_by is null or n.claimed_by = auth.uid() or n.claimed_until <= now())
      order by n.submitted_at, n.id
      limit 1
    )
  )
  from public.submissions s
  join public.assignments a on a.id = s.assignment_id
  join public.lessons l on l.id = a.lesson_id
  left join public.tech_tools t on t.id = l.tool_id
  left join public.course_modules cm on cm.id = l.course_module_id
  left join public.profiles sp on sp.id = s.user_id
  left join public.profiles cp on cp.id = s.claimed_by
  where s.id = _submission_id and public.may_review(auth.uid(), s.user_id);
$$;

revoke all on function public.review_page(uuid) from public, anon;
grant execute on function public.review_page(uuid) to authenticated, service_role;

revoke all on function public.lesson_materials(uuid) from anon;
revoke all on function public.lesson_materials_for(uuid, uuid) from anon;
revoke all on function public.reorder_lesson_attachments(uuid, uuid[]) from anon;

-- ---------------------------------------------------------------------------------------------
-- Storage: homework files, in the student's own folder per assignment
-- ---------------------------------------------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'homework',
  'homework',
  false,
  20971520,
  array[
    'application/pdf',
    'application/zip',
    'application/msword',
    'application/vnd.ms-excel',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'text/plain',
    'text/csv',
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp'
  ]
)
on conflict (id) do nothing;

/** The student whose folder an object of homework is in: `{user id}/{assignment id}/{file}`. */
create function public.homework_owner_id(_object_name text) returns uuid
  language sql immutable
  set search_path = ''
as $$
  select case
    when split_part(_object_name, '/', 1) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then split_part(_object_name, '/', 1)::uuid
  end;
$$;

grant execute on function public.homework_owner_id(text) to anon, authenticated, service_role;

/** Whether the caller may upload into this folder: their own, for an assignment of a lesson they may open that takes files. */
create function public.may_upload_homework(_object_name text) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select public.homework_owner_id(_object_name) = auth.uid()
    and exists (
      select 1 from public.assignments a
      where a.id::text = split_part(_object_name, '/', 2)
        and a.accepts_files
        and public.can_open_lesson(auth.uid(), a.lesson_id)
    );
$$;

revoke all on function public.may_upload_homework(text) from public, anon;
grant execute on function public.may_upload_homework(text) to authenticated, service_role;

create policy "Students read their homework files, reviewers their students'" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'homework'
    and (
      public.homework_owner_id(name) = (select auth.uid())
      or public.may_review((select auth.uid()), public.homework_owner_id(name))
    )
  );

create policy "Students upload their own homework files" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'homework' and public.may_upload_homework(name));

create policy "Students remove their own files not yet handed in" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'homework'
    and public.homework_owner_id(name) = (select auth.uid())
    and not exists (select 1 from public.submission_files f where f.object_path = name)
  );
