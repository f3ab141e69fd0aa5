-- A viewer's access was computed 10–19 times per student page at 10,000 students (issue 31), each
-- time planned anew: effective_access and access_grants are SQL functions with SET search_path,
-- never inlined, so every call was planned, and every policy asked for every kind of item.
-- effective_access_of answers for one kind (and, if given, one item) with a plan made once per
-- connection; effective_access, hidden_item_ids and effective_item read it, so the policies and
-- page functions keep their shape and their meaning. The rule itself is unchanged: the student's
-- own record wins; otherwise an item is open if any group opens it now and visible if any group
-- shows it (access_grants as before, one branch per kind).

create function public.effective_access_of(_user_id uuid, _kind text, _item_id uuid)
returns table(kind text, item_id uuid, is_unlocked boolean, is_visible boolean, source text, group_names text[], opens_at timestamptz, expired boolean)
    language plpgsql stable security definer
    set search_path to ''
    -- One plan for every caller: a custom plan per call cost more to make than to run.
    set plan_cache_mode to force_generic_plan
    as $$
begin
  if not public.may_ask_about(_user_id) then
    return;
  end if;
  return query
  with grants as (
    select g.*,
      g.is_unlocked and (g.unlock_at is null or g.unlock_at <= now()) and (g.expires_at is null or now() < g.expires_at) as open_now
    from (
      select 'module' as kind, a.module_id as item_id, true as personal, null::text as group_name, a.is_unlocked, a.is_visible, a.unlock_at, a.expires_at
      from public.module_access a where a.user_id = _user_id and coalesce(_kind, 'module') = 'module' and (_item_id is null or a.module_id = _item_id)
      union all
      select 'tool', a.tool_id, true, null, a.is_unlocked, a.is_visible, a.unlock_at, a.expires_at
      from public.tool_access a where a.user_id = _user_id and coalesce(_kind, 'tool') = 'tool' and (_item_id is null or a.tool_id = _item_id)
      union all
      select 'lesson', a.lesson_id, true, null, a.is_unlocked, a.is_visible, a.unlock_at, a.expires_at
      from public.lesson_access a where a.user_id = _user_id and coalesce(_kind, 'lesson') = 'lesson' and (_item_id is null or a.lesson_id = _item_id)
      union all
      select 'module', g.module_id, false, gr.name, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
      from public.group_module_access g
      join public.group_members m on m.group_id = g.group_id and m.user_id = _user_id
      join public.groups gr on gr.id = g.group_id
      where coalesce(_kind, 'module') = 'module' and (_item_id is null or g.module_id = _item_id)
      union all
      select 'tool', g.tool_id, false, gr.name, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
      from public.group_tool_access g
      join public.group_members m on m.group_id = g.group_id and m.user_id = _user_id
      join public.groups gr on gr.id = g.group_id
      where coalesce(_kind, 'tool') = 'tool' and (_item_id is null or g.tool_id = _item_id)
      union all
      select 'lesson', g.lesson_id, false, gr.name, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
      from public.group_lesson_access g
      join public.group_members m on m.group_id = g.group_id and m.user_id = _user_id
      join public.groups gr on gr.id = g.group_id
      where coalesce(_kind, 'lesson') = 'lesson' and (_item_id is null or g.lesson_id = _item_id)
    ) g
  ),
  deciding as (
    select g.* from grants g
    where g.personal
      or not exists (select 1 from grants p where p.personal and p.kind = g.kind and p.item_id = g.item_id)
  )
  select d.kind, d.item_id,
    bool_or(d.open_now),
    bool_or(d.is_visible),
    case when bool_or(d.personal) then 'personal' else 'group' end,
    array_agg(d.group_name order by d.group_name) filter (where not d.personal),
    min(d.unlock_at) filter (where d.is_unlocked and d.unlock_at > now()),
    not bool_or(d.open_now) and coalesce(bool_and(coalesce(d.expires_at <= now(), false)) filter (where d.is_unlocked), false)
  from deciding d
  group by d.kind, d.item_id;
end;
$$;

revoke all on function public.effective_access_of(uuid, text, uuid) from public;
grant execute on function public.effective_access_of(uuid, text, uuid) to authenticated, service_role;

create or replace function public.effective_access(_user_id uuid)
returns table(kind text, item_id uuid, is_unlocked boolean, is_visible boolean, source text, group_names text[], opens_at timestamptz, expired boolean)
    language sql stable security definer
    set search_path to ''
    as $$
  select * from public.effective_access_of(_user_id, null, null);
$$;

-- Policies ask for the hidden items of a kind once per table a statement reads, and nested
-- policies ask again (a lesson's policy reads tools, modules and course modules): eight times for
-- one list of lessons. The answer is kept for the rest of the statement, keyed by the statement's
-- start and the user, in a transaction-local setting. Nothing a student's statement does changes
-- their own access, and the writes that do (admins', triggers') read effective_access itself.
create or replace function public.hidden_item_ids(_user_id uuid, _kind text) returns uuid[]
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  kept constant boolean := _kind in ('tool', 'module', 'lesson');
  stamp constant text := statement_timestamp()::text || ' ' || coalesce(_user_id::text, '-') || '=';
  memo constant text := case when kept then current_setting('access.hidden_' || _kind, true) end;
  hidden uuid[];
begin
  if starts_with(memo, stamp) then
    return substr(memo, length(stamp) + 1)::uuid[];
  end if;
  select coalesce(array_agg(e.item_id), '{}') into hidden
  from public.effective_access_of(_user_id, _kind, null) e
  where not e.is_visible;
  if kept then
    perform set_config('access.hidden_' || _kind, stamp || hidden::text, true);
  end if;
  return hidden;
end;
$$;

create or replace function public.effective_item(_user_id uuid, _kind text, _item_id uuid)
returns table(is_unlocked boolean, is_visible boolean)
    language sql stable
    set search_path to ''
    as $$
  select e.is_unlocked, e.is_visible from public.effective_access_of(_user_id, _kind, _item_id) e;
$$;

-- Nothing reads it now: effective_access_of has its branches.
drop function public.access_grants(uuid);

-- The module's number asked for the hidden modules once per earlier module; once is enough.
create or replace function public.course_module_page(_module_id uuid, _student_id uuid DEFAULT NULL::uuid) RETURNS jsonb
    language sql stable
    set search_path to ''
    as $$
  with viewer as (
    select coalesce(_student_id, auth.uid()) as id
  ),
  course_module as (
    select c.id, c.title, c.description, c.order_index,
      (select count(*) from public.course_modules p
       where p.is_published and (p.order_index, p.id) < (c.order_index, c.id)
         and not (p.id = any (cast((select public.hidden_item_ids((select id from viewer), 'module')) as uuid[])))) + 1 as number
    from public.course_modules c
    where c.id = _module_id and c.is_published
  ),
  lesson_ids as (
    select array_agg(l.id) as ids
    from public.lessons l join course_module on l.course_module_id = course_module.id
    where l.is_published
  )
  select jsonb_build_object(
    'module', (select to_jsonb(course_module) from course_module),
    'access', (
      select to_jsonb(a) from course_module, public.effective_item((select id from viewer), 'module', course_module.id) a
    )
  ) || public.lesson_list(coalesce((select ids from lesson_ids), '{}'), (select id from viewer));
$$;

-- Lesson lists ask for lessons only.
create or replace function public.lesson_list(_lesson_ids uuid[], _user_id uuid) RETURNS jsonb
    language sql stable
    set search_path to ''
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
        'lesson_id', e.item_id, 'is_unlocked', e.is_unlocked, 'is_visible', e.is_visible, 'opens_at', e.opens_at
      ))
      from public.effective_access_of(_user_id, 'lesson', null) e
      where e.item_id = any(_lesson_ids)
    ), '[]'::jsonb),
    'completed', coalesce((
      select jsonb_agg(p.lesson_id order by p.lesson_id)
      from public.lesson_progress p
      where p.user_id = _user_id and p.lesson_id = any(_lesson_ids) and p.completed_at is not null
    ), '[]'::jsonb),
    'held', to_jsonb(public.held_lesson_ids(_user_id, _lesson_ids))
  );
$$;

-- A bare auth.uid() beside a policy is not leakproof, so it was never an index condition: the
-- student's homework summary read all 125,000 attempts. As an init plan it is one index lookup.
create or replace function public.homework_summary() RETURNS jsonb
    language sql stable
    set search_path to ''
    as $$
  with latest as (
    select distinct on (s.assignment_id) s.status
    from public.submissions s
    where s.user_id = (select auth.uid())
    order by s.assignment_id, s.attempt desc
  )
  select jsonb_build_object(
    'returned', count(*) filter (where status = 'returned'),
    'submitted', count(*) filter (where status = 'submitted'),
    'accepted', count(*) filter (where status = 'accepted')
  )
  from latest;
$$;
