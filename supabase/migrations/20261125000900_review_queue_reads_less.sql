-- The review queue and page at 5,000 waiting works. Who may be reviewed is asked once per call
-- (an init plan and a hashed subplan), not once per row (was may_review per work: 100-200 ms).
-- The queue: the filter and the count read ids and times only; the
-- names, titles and people are joined for the one page shown (was: every column of every
-- matching work, answers included, copied before the page was cut).
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

-- The next waiting work, among the caller's students.
create or replace function public.review_page(_submission_id uuid) returns jsonb
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
        and ((select public.user_is_admin(auth.uid())) or n.user_id in (select user_id from public.reviewed_student_ids()))
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

