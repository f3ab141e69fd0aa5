-- What a curator needs to review, and no more: their students' names, the groups they curate,
-- the queue whatever lessons their own access hides, and the lesson pictures beside the answer.
-- Admins may make someone a curator.


create policy "Curators read the groups they curate" on public.groups
  for select to authenticated
  using (exists (select 1 from public.group_curators c where c.group_id = groups.id and c.user_id = (select auth.uid())));

create policy "Admins grant the curator role" on public.user_roles
  for insert to authenticated
  with check ((select public.is_admin()) and role = 'curator');

create policy "Admins take the curator role back" on public.user_roles
  for delete to authenticated
  using ((select public.is_admin()) and role = 'curator');

create policy "Reviewers read lesson material files" on storage.objects
  for select to authenticated
  using (bucket_id = 'lesson-materials' and (select public.is_reviewer()));

/** The students whose work the caller reviews: everyone's for an admin, their groups' for a curator. */
create function public.reviewed_student_ids() returns table (user_id uuid)
  language sql stable security definer
  set search_path = ''
as $$
  select m.user_id
  from public.group_curators c
  join public.group_members m on m.group_id = c.group_id
  where c.user_id = auth.uid() and public.holds_any_role(auth.uid(), '{curator}');
$$;

revoke all on function public.reviewed_student_ids() from public, anon;
grant execute on function public.reviewed_student_ids() to authenticated, service_role;

-- Evaluated once per query (an init plan and a hashed subplan), not once per profile row.
create policy "Curators read their students' profiles" on public.profiles
  for select to authenticated
  using (id in (select user_id from public.reviewed_student_ids()));

-- The queue reads every table as the database (so a lesson hidden from the curator still shows its
-- students' work, with names), and keeps to the caller's students itself.
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
  with reviewer as (
    select public.user_is_admin(auth.uid()) as is_admin
  ),
  visible as (
    select s.*, a.lesson_id, l.title as lesson_title, l.tool_id, l.course_module_id,
      coalesce(t.name, cm.title) as item_title
    from public.submissions s
    join public.assignments a on a.id = s.assignment_id
    join public.lessons l on l.id = a.lesson_id
    left join public.tech_tools t on t.id = l.tool_id
    left join public.course_modules cm on cm.id = l.course_module_id
    cross join reviewer r
    where (r.is_admin or s.user_id in (select user_id from public.reviewed_student_ids()))
      and (_status is null or s.status = _status)
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

-- A stop-lesson in a draft block holds nothing: nobody can open it, so nobody could hand it in.
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
    group by s.parent_id
  )
  select coalesce(array_agg(s.id), '{}')
  from sequence s
  join first_open_stop f on f.parent_id = s.parent_id and s.position > f.position
  where s.id = any(_lesson_ids)
    -- Admins pass every stop; nobody learns about another student's work.
    and public.may_ask_about(_user_id) and not public.user_is_admin(_user_id);
$$;
