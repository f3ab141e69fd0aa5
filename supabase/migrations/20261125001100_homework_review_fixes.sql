-- What review found in the homework rules:
-- - a stop-lesson the student's own record locks or hides held the lessons after it for good (it
--   can never be handed in): it holds nothing now;
-- - the queue listed every attempt: a work returned and handed in again stayed «на доработке»;
-- - reviewers' reads asked may_review once per row: now once per query (an init plan and a hashed
--   subplan), as the queue does;
-- - a curator whose role was taken back still read the names of the groups they had curated.

drop policy "Students read their own work, reviewers their students'" on public.submissions;
create policy "Students read their own work, reviewers their students'" on public.submissions
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select public.is_admin())
    or user_id in (select user_id from public.reviewed_student_ids())
  );

drop policy "Students read their homework files, reviewers their students'" on storage.objects;
create policy "Students read their homework files, reviewers their students'" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'homework'
    and (
      public.homework_owner_id(name) = (select auth.uid())
      or (select public.is_admin())
      or public.homework_owner_id(name) in (select user_id from public.reviewed_student_ids())
    )
  );

drop policy "Curators read the groups they curate" on public.groups;
create policy "Curators read the groups they curate" on public.groups
  for select to authenticated
  using (
    (select public.is_reviewer())
    and exists (select 1 from public.group_curators c where c.group_id = groups.id and c.user_id = (select auth.uid()))
  );

create or replace function public.held_lesson_ids(_user_id uuid, _lesson_ids uuid[]) returns uuid[]
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
      and (l.module_id is null or m.is_published)
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
      -- A stop-lesson the student's own record locks or hides cannot be handed in: it holds nothing.
      and not exists (
        select 1 from public.effective_item(_user_id, 'lesson', s.id) e where not (e.is_unlocked and e.is_visible)
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

create or replace function public.review_queue(
  _status public.submission_status default 'submitted',
  _group_id uuid default null,
  _track text default null,
  _item_id uuid default null,
  _lesson_id uuid default null,
  _limit integer default 50,
  _offset integer default 0
) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  with matching as (
    select s.id, s.submitted_at
    from public.submissions s
    join public.assignments a on a.id = s.assignment_id
    join public.lessons l on l.id = a.lesson_id
    -- In a sub-select: asked once per call (an init plan), not once per row.
    where ((select public.user_is_admin(auth.uid())) or s.user_id in (select user_id from public.reviewed_student_ids()))
      and (_status is null or s.status = _status)
      and (_lesson_id is null or a.lesson_id = _lesson_id)
      and (_item_id is null or l.tool_id = _item_id or l.course_module_id = _item_id)
      and (_track is null or (_track = 'tech' and l.tool_id is not null) or (_track = 'product' and l.course_module_id is not null))
      and (_group_id is null or s.user_id in (select m.user_id from public.group_members m where m.group_id = _group_id))
      -- A work's latest attempt only: an attempt returned and handed in again is not «на доработке».
      and not exists (select 1 from public.submissions newer where newer.assignment_id = s.assignment_id and newer.user_id = s.user_id and newer.attempt > s.attempt)
  ),
  page as (
    select id, submitted_at from matching order by submitted_at, id limit least(greatest(_limit, 1), 200) offset greatest(_offset, 0)
  )
  select jsonb_build_object(
    'total', (select count(*) from matching),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', s.id, 'attempt', s.attempt, 'status', s.status, 'submitted_at', s.submitted_at, 'reviewed_at', s.reviewed_at,
        'lesson_id', l.id, 'lesson_title', l.title, 'item_title', coalesce(t.name, cm.title),
        'track', case when l.tool_id is not null then 'tech' else 'product' end,
        'student', jsonb_build_object('id', s.user_id, 'full_name', sp.full_name, 'email', sp.email),
        'claimed_by', case when s.claimed_until > now() then jsonb_build_object('id', s.claimed_by, 'full_name', cp.full_name) end,
        'claimed_until', case when s.claimed_until > now() then s.claimed_until end
      ) order by p.submitted_at, p.id)
      from page p
      join public.submissions s on s.id = p.id
      join public.assignments a on a.id = s.assignment_id
      join public.lessons l on l.id = a.lesson_id
      left join public.tech_tools t on t.id = l.tool_id
      left join public.course_modules cm on cm.id = l.course_module_id
      left join public.profiles sp on sp.id = s.user_id
      left join public.profiles cp on cp.id = s.claimed_by
    ), '[]'::jsonb)
  );
$$;
