-- Issue 44: the student page functions read less on every call. Same answers, same signatures.
-- effective_access_of, which every page asks at least once per statement (viewer_access_ids), read
-- each group grant table whole (about 7,400 rows) and hashed it against the student's few groups,
-- and grouped every deciding record with two sorted aggregates per item, though a personal record is
-- one row per item: each group's grants are now read by its key, and a personal record is answered
-- as its own row (1.9 → 0.9 ms for the median student). lesson_list asked effective_access_of a
-- second time for the reasons of the closed lessons even when no record closes a lesson asked; and
-- tool_page planned the former names of tools on every call, a table a tool's page never reads;
-- lesson_holds searched arrays element by element where a hashed look-up does.

create or replace function public.effective_access_of(_user_id uuid, _kind text, _item_id uuid)
returns table (kind text, item_id uuid, is_unlocked boolean, is_visible boolean, source text, group_names text[],
  opens_at timestamp with time zone, expired boolean, grounds jsonb)
language plpgsql stable security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
begin
  if not public.may_ask_about(_user_id) then
    return;
  end if;
  return query
  with memberships as (
    select m.group_id, gr.name as group_name,
      jsonb_agg(jsonb_build_object('group', gr.name, 'source', m.source, 'ref', m.source_ref, 'ends_at', m.expires_at)
        order by m.source, m.source_ref) as grounds
    from public.group_members m
    join public.groups gr on gr.id = m.group_id
    where m.user_id = _user_id and (m.expires_at is null or now() < m.expires_at)
    group by m.group_id, gr.name
  ),
  grants as (
    select g.*,
      g.is_unlocked and (g.unlock_at is null or g.unlock_at <= now()) and (g.expires_at is null or now() < g.expires_at) as open_now
    from (
      select 'module' as kind, a.module_id as item_id, true as personal, null::text as group_name, null::jsonb as grounds,
        a.is_unlocked, a.is_visible, a.unlock_at, a.expires_at
      from public.module_access a where a.user_id = _user_id and coalesce(_kind, 'module') = 'module' and (_item_id is null or a.module_id = _item_id)
      union all
      select 'tool', a.tool_id, true, null, null, a.is_unlocked, a.is_visible, a.unlock_at, a.expires_at
      from public.tool_access a where a.user_id = _user_id and coalesce(_kind, 'tool') = 'tool' and (_item_id is null or a.tool_id = _item_id)
      union all
      select 'lesson', a.lesson_id, true, null, null, a.is_unlocked, a.is_visible, a.unlock_at, a.expires_at
      from public.lesson_access a where a.user_id = _user_id and coalesce(_kind, 'lesson') = 'lesson' and (_item_id is null or a.lesson_id = _item_id)
      union all
      -- Each group's grants read by its key (offset 0 keeps the lateral read apart): joined whole, the
      -- grant tables were read in full, about 7,400 rows, on every computation.
      select 'module', g.module_id, false, m.group_name, m.grounds, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
      from memberships m
      cross join lateral (
        select g.module_id, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
        from public.group_module_access g where g.group_id = m.group_id offset 0
      ) g
      where coalesce(_kind, 'module') = 'module' and (_item_id is null or g.module_id = _item_id)
      union all
      select 'tool', g.tool_id, false, m.group_name, m.grounds, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
      from memberships m
      cross join lateral (
        select g.tool_id, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
        from public.group_tool_access g where g.group_id = m.group_id offset 0
      ) g
      where coalesce(_kind, 'tool') = 'tool' and (_item_id is null or g.tool_id = _item_id)
      union all
      select 'lesson', g.lesson_id, false, m.group_name, m.grounds, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
      from memberships m
      cross join lateral (
        select g.lesson_id, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
        from public.group_lesson_access g where g.group_id = m.group_id offset 0
      ) g
      where coalesce(_kind, 'lesson') = 'lesson' and (_item_id is null or g.lesson_id = _item_id)
    ) g
  )
  -- A personal record decides its item alone, and there is one per item: its row is the answer.
  select g.kind, g.item_id, g.open_now, g.is_visible, 'personal'::text, null::text[],
    case when g.is_unlocked and g.unlock_at > now() then g.unlock_at end,
    not g.open_now and g.is_unlocked and coalesce(g.expires_at <= now(), false),
    '[]'::jsonb
  from grants g
  where g.personal
  union all
  -- Otherwise the grants of the student's groups decide together.
  select d.kind, d.item_id,
    bool_or(d.open_now),
    bool_or(d.is_visible),
    'group'::text,
    -- distinct: a grant reached through two memberships of one group comes once per membership here.
    array_agg(distinct d.group_name order by d.group_name),
    min(d.unlock_at) filter (where d.is_unlocked and d.unlock_at > now()),
    not bool_or(d.open_now) and coalesce(bool_and(coalesce(d.expires_at <= now(), false)) filter (where d.is_unlocked), false),
    coalesce(jsonb_agg(ground order by ground ->> 'group', ground ->> 'source', ground ->> 'ref') filter (where ground is not null), '[]'::jsonb)
  from grants d
  left join lateral jsonb_array_elements(d.grounds) ground on true
  where not d.personal
    and not exists (select 1 from grants p where p.personal and p.kind = d.kind and p.item_id = d.item_id)
  group by d.kind, d.item_id
  order by 1, 2;
end;
$$;

comment on function public.effective_access_of(uuid, text, uuid) is
  'The records deciding _user_id''s access to each module, tool or lesson (or only _kind, or only _item_id): the personal record when there is one, else the grants of the groups the student is in now. Answers the flags as of now, the source (personal or group), the groups named, the earliest future opening, whether every opening grant ran out, and in grounds the memberships behind a group''s grant ({group, source: manual|order|promo, ref, ends_at}). An item no record decides is absent: it falls to the defaults. Ordered by kind and item. Each group''s grants are read by its key through a lateral read kept apart by offset 0 (joined whole, the grant tables were read in full on every call), and a personal record, one per item, is answered as its own row without grouping (issue 44: 1.9 → 0.9 ms for the median student of the scale school). Generic plans: asked on every page with the same shapes.';

revoke all on function public.effective_access_of(uuid, text, uuid) from public;
grant all on function public.effective_access_of(uuid, text, uuid) to authenticated;
grant all on function public.effective_access_of(uuid, text, uuid) to service_role;

-- lesson_list: the records' reasons (effective_access_of again) only when a record closes or hides a
-- lesson asked.

create or replace function public.lesson_list(_lesson_ids uuid[], _user_id uuid)
returns jsonb
language plpgsql stable
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  access record := public.viewer_access_ids(_user_id, 'lesson');
  -- The lessons asked that a record closes or hides: only they need the record's reasons.
  closed constant uuid[] := array(
    select id from unnest(access.decided) id
    where id = any (_lesson_ids) and not (id = any (access.unlocked) and id = any (access.visible))
  );
begin
  return (
    with reasons as (
      select e.item_id, e.source, e.group_names, e.expired
      from public.effective_access_of(_user_id, 'lesson', null) e
      where cardinality(closed) > 0 and e.item_id = any (closed)
    ),
    holds as materialized (
      select h.lesson_id, h.stop_lesson_id from public.lesson_holds(_user_id, _lesson_ids) h
    )
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
          'lesson_id', id, 'is_unlocked', id = any (access.unlocked), 'is_visible', id = any (access.visible),
          'opens_at', access.opening -> id::text,
          'source', r.source, 'group_names', to_jsonb(r.group_names), 'expired', coalesce(r.expired, false)
        ) order by id)
        from unnest(access.decided) id
        left join reasons r on r.item_id = id
        where id = any(_lesson_ids)
      ), '[]'::jsonb),
      'completed', coalesce((
        select jsonb_agg(p.lesson_id order by p.lesson_id)
        from public.lesson_progress p
        where p.user_id = _user_id and p.lesson_id = any(_lesson_ids) and p.completed_at is not null
      ), '[]'::jsonb),
      'held', coalesce((select jsonb_agg(h.lesson_id order by h.lesson_id) from holds h), '[]'::jsonb),
      'holds', coalesce((
        select jsonb_agg(jsonb_build_object(
          'lesson_id', h.lesson_id, 'stop_lesson_id', h.stop_lesson_id,
          -- A quiz's stop (issue 46) when the stop-lesson carries no homework stop: the list says «после прохождения теста».
          'quiz', not exists (select 1 from public.assignments a where a.lesson_id = h.stop_lesson_id and a.is_stop_lesson)
        ) order by h.lesson_id)
        from holds h
      ), '[]'::jsonb)
    )
  );
end;
$$;

comment on function public.lesson_list(uuid[], uuid) is
  'The lessons among _lesson_ids as the student _user_id''s list shows them: each lesson, the access records deciding about them (flags, opens_at, and for a closed one its source: personal or group, the groups named, expired), the completed ones, the held ones and, in holds, the stop-lesson holding each and whether it is a quiz''s stop (no homework stop on that lesson). The reasons are read (effective_access_of) only when a record closes or hides a lesson asked, which the kept lists of viewer_access_ids tell: most lists have none, and otherwise every tool and course module page computed the access twice. Part of tool_page and course_module_page.';

revoke all on function public.lesson_list(uuid[], uuid) from public;
grant all on function public.lesson_list(uuid[], uuid) to authenticated;
grant all on function public.lesson_list(uuid[], uuid) to service_role;

-- tool_page: whether a missing tool is hidden or was renamed, asked only when there is no such tool.

create or replace function public.tool_page(_tool_name text, _student_id uuid default null)
returns jsonb
language plpgsql stable
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  page jsonb;
begin
  page := (
    with viewer as (
      select coalesce(_student_id, auth.uid()) as id
    ),
    tool as (
      select t.id, t.name, t.description
      from public.tech_tools t
      where t.is_published and lower(t.name) = lower(_tool_name)
    ),
    blocks as (
      select m.* from public.modules m join tool on m.tool_id = tool.id where m.is_published
    ),
    lesson_ids as (
      select array_agg(l.id) as ids
      from public.lessons l join tool on l.tool_id = tool.id
      where l.is_published and (l.module_id is null or l.module_id in (select id from blocks))
    )
    select jsonb_build_object(
      'tool', (select to_jsonb(tool) from tool),
      'hidden', false,
      'renamed_to', null,
      'access', (
        select to_jsonb(a) from tool, public.effective_item((select id from viewer), 'tool', tool.id) a
      ),
      'modules', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', b.id, 'name', b.name, 'description', b.description, 'order_index', b.order_index
        ) order by b.order_index, b.id)
        from blocks b
      ), '[]'::jsonb)
    ) || public.lesson_list(coalesce((select ids from lesson_ids), '{}'), (select id from viewer))
  );
  -- No such tool for the viewer: is it hidden from them, or was it renamed? Asked apart, so that a
  -- tool's page never plans the former names.
  if jsonb_typeof(page -> 'tool') = 'null' then
    page := page || jsonb_build_object(
      'hidden', public.tool_hidden_from(_tool_name, coalesce(_student_id, auth.uid())),
      'renamed_to', (
        select t.name from public.tool_former_names f join public.tech_tools t on t.id = f.tool_id
        where f.lower_name = lower(_tool_name) and t.is_published
      )
    );
  end if;
  return page;
end;
$$;

comment on function public.tool_page(text, uuid) is
  'A published tool''s page in one call, by its name in any case: the tool, its published blocks, the viewer''s access to it (effective_item), the lesson list (lesson_list), and when there is no such tool whether it is hidden from the viewer or was renamed, asked in a statement of its own so that a tool''s page never plans the former names (a table and its policy more to load on a fresh connection). The viewer is the caller, or _student_id when an admin looks as a student. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

revoke all on function public.tool_page(text, uuid) from public;
grant all on function public.tool_page(text, uuid) to authenticated;
grant all on function public.tool_page(text, uuid) to service_role;

-- lesson_holds: hashed look-ups instead of = any over array parameters.

create or replace function public.lesson_holds(_user_id uuid, _lesson_ids uuid[])
returns table (lesson_id uuid, stop_lesson_id uuid)
language plpgsql stable security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  asked_tools uuid[];
  asked_modules uuid[];
  stops uuid[];
  stop_tools uuid[];
  stop_modules uuid[];
  access record;
begin
  -- Admins pass every stop; nobody learns about another student's work.
  if coalesce(cardinality(_lesson_ids), 0) = 0 or not public.may_ask_about(_user_id) or public.user_is_admin(_user_id) then
    return;
  end if;
  -- The tools and course modules of the lessons asked, as arrays, each lesson read by its key (a
  -- filter id = any(_lesson_ids) compared every lesson with every id asked; a hashed IN over a
  -- column with nulls, a lesson having a tool or a course module, searched the whole table on a miss).
  select array_agg(distinct x.tool_id) filter (where x.tool_id is not null),
    array_agg(distinct x.course_module_id) filter (where x.course_module_id is not null)
  into asked_tools, asked_modules
  from unnest(_lesson_ids) asked(id) join public.lessons x on x.id = asked.id;
  -- The stop-lessons not yet passed in those tools and course modules: only they can hold anything.
  -- Two kinds hold (issue 46): homework until a work is accepted, a published quiz until an attempt passes.
  select array_agg(distinct l.id), array_agg(distinct l.tool_id) filter (where l.tool_id is not null),
    array_agg(distinct l.course_module_id) filter (where l.course_module_id is not null)
  into stops, stop_tools, stop_modules
  from (
    select a.lesson_id from public.assignments a
    where a.is_stop_lesson
      and not exists (
        select 1 from public.submissions sub
        where sub.assignment_id = a.id and sub.user_id = _user_id and sub.status = 'accepted'
      )
    union
    select q.lesson_id from public.quizzes q
    where q.is_stop_lesson and q.is_published
      and not exists (
        select 1 from public.quiz_attempts t
        where t.quiz_id = q.id and t.user_id = _user_id and t.passed
      )
  ) stop
  join public.lessons l on l.id = stop.lesson_id
  left join public.modules m on m.id = l.module_id
  where l.is_published and (l.module_id is null or m.is_published)
    and (l.tool_id = any (asked_tools) or l.course_module_id = any (asked_modules));
  if stops is null then
    return;
  end if;
  -- A stop-lesson the student's own record locks or hides cannot be handed in nor taken: it holds nothing.
  access := public.viewer_access_ids(_user_id, 'lesson');
  stops := array(
    select s from unnest(stops) s
    where not (s = any (access.decided)) or (s = any (access.unlocked) and s = any (access.visible))
  );
  if cardinality(stops) = 0 then
    return;
  end if;
  return query
    with sequence as materialized (
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
        -- Hashed look-ups, not = any: a parameter's array is searched one element after another.
        -- Each side guarded by its not null: a hashed IN with a null on its left searches the whole table.
        and ((l.tool_id is not null and l.tool_id in (select unnest(stop_tools)))
          or (l.course_module_id is not null and l.course_module_id in (select unnest(stop_modules))))
    ),
    first_open_stop as (
      select distinct on (s.parent_id) s.parent_id, s.position, s.id
      from sequence s
      where s.id in (select unnest(stops))
      order by s.parent_id, s.position
    )
    select s.id, f.id
    from sequence s
    join first_open_stop f on f.parent_id = s.parent_id and s.position > f.position
    where s.id in (select unnest(_lesson_ids));
end;
$$;

comment on function public.lesson_holds(uuid, uuid[]) is
  'The lessons among _lesson_ids a stop-lesson not yet passed keeps closed for _user_id, each with that stop-lesson (the first such one before it in its tool or course module that the student may open). A stop-lesson is a lesson whose assignment is_stop_lesson, until a work of theirs is accepted, or whose published quiz is_stop_lesson, until an attempt of theirs passes (issue 46). Empty for admins and for anyone but the student, a service call or an admin asking. held_lesson_ids is its set of lessons. Only stop-lessons are examined (issue 44): it first finds the stop-lessons not yet passed in the tools and modules of the lessons asked and answers at once when there are none; the student''s own records (viewer_access_ids, read once) are checked for those stop-lessons alone, and only tools and modules with such a stop-lesson are numbered. Checking the record of every lesson of every open tool cost 32 ms on a dashboard at the scale school. The lessons of the tools and modules with a stop-lesson, the stop-lessons among them and the lessons asked are matched by hashed look-ups, not = any over an array parameter, which a generic plan searches element by element (303 lessons against 53 stop-lessons and 129 lessons asked on a dashboard: 1.1 → 0.6 ms). PL/pgSQL with plan_cache_mode force_generic_plan: its queries keep one plan for the connection''s life (one plan fits every value; the early answers skip planning the numbering at all on a connection that never meets a stop-lesson).';

revoke all on function public.lesson_holds(uuid, uuid[]) from public;
grant all on function public.lesson_holds(uuid, uuid[]) to authenticated;
grant all on function public.lesson_holds(uuid, uuid[]) to service_role;
