-- Issue 44: the student pages show the access rule's verdict. The tool, course module and lesson
-- lists read the student's records and stop-lessons, and the pages' TypeScript applied the defaults
-- (a module or tool with no record closed, a lesson following its parent) and decided which lesson
-- is locked and why. Now access_verdicts, the rule stated once, answers for the items a page shows
-- (_item_ids; _kind null for a tool or module with its lessons in one computation), and
-- track_access, lesson_list, tool_page and course_module_page pass its verdict on: whether each item
-- is open and visible, why, the opening date, the groups and the stop-lesson holding it. The
-- verdict computes the records without their names (access_records_as_school) and names the groups
-- and memberships only of the items it answers.

-- The groups a student is in now, named with their memberships, in one place for both namers.
create function public.named_memberships(_user_id uuid)
returns table (group_id uuid, name text, grounds jsonb)
language sql stable
as $$
  select m.group_id, gr.name,
    jsonb_agg(jsonb_build_object('group', gr.name, 'source', m.source, 'ref', m.source_ref, 'ends_at', m.expires_at)
      order by m.source::text, m.source_ref)
  from public.group_members m
  join public.groups gr on gr.id = m.group_id
  where m.user_id = _user_id and (m.expires_at is null or now() < m.expires_at)
  group by m.group_id, gr.name;
$$;

comment on function public.named_memberships(uuid) is
  'The groups _user_id is in now, each named once with the memberships that put them there ({group, source: manual|order|promo, ref, ends_at}, by source and reference): the names a record or a verdict gives its group grants (effective_access_as_school, access_verdicts). An SQL function without SET clauses, so the planner inlines it into its callers'' queries; every name in it is schema-qualified and it is no security definer, so no search_path can redirect it. It checks no caller: only service_role among the API roles may call it.';

revoke all on function public.named_memberships(uuid) from public;
grant all on function public.named_memberships(uuid) to service_role;

create or replace function public.effective_access_as_school(_user_id uuid, _kind text, _item_id uuid)
returns table (kind text, item_id uuid, is_unlocked boolean, is_visible boolean, source text, group_names text[],
  opens_at timestamp with time zone, expired boolean, grounds jsonb)
language sql stable
as $$
  with named_groups as materialized (
    select * from public.named_memberships(_user_id)
  )
  select r.kind, r.item_id, r.is_unlocked, r.is_visible, r.source,
    case when r.group_ids is not null then
      (select array_agg(g.name order by g.name) from named_groups g where g.group_id = any (r.group_ids))
    end,
    r.opens_at, r.expired,
    case when r.group_ids is null then '[]'::jsonb else (
      select jsonb_agg(ground order by g.name, ground ->> 'source', ground ->> 'ref')
      from named_groups g cross join lateral jsonb_array_elements(g.grounds) ground
      where g.group_id = any (r.group_ids)
    ) end
  from public.access_records_as_school(_user_id, _kind, _item_id) r
  order by 1, 2;
$$;

comment on function public.effective_access_as_school(uuid, text, uuid) is
  'The records deciding _user_id''s access to each module, tool or lesson (or only _kind, or only _item_id), whoever asks, with their names: access_records_as_school''s flags as of now, source, earliest future opening and whether every opening grant ran out, and for a group''s grant the groups named and in grounds the memberships behind it (named_memberships). An item no record decides is absent: it falls to the defaults. Ordered by kind and item. It checks no caller: effective_access_of answers it to those who may ask (may_ask_about), and issue_due_certificates asks it for the student whoever passed their lesson (a curator accepting the last work may not ask about the student, but the rule is the student''s). So no API role but service_role, which may ask about anyone, may call it. An SQL function without SET clauses, so the planner inlines it into its callers'' queries and effective_access_of keeps its generic plan; every name in it is schema-qualified and it is no security definer, so no search_path can redirect it.';

drop function public.access_verdicts(uuid, text);

create function public.access_verdicts(_user_id uuid, _kind text, _item_ids uuid[] default null)
returns table (item_id uuid, item_unlocked boolean, is_visible boolean, is_open boolean, opens_at timestamp with time zone,
  why text, group_names text[], grounds jsonb, held_by uuid)
language plpgsql stable security definer
set search_path to ''
set plan_cache_mode to 'force_generic_plan'
as $$
declare
  admin constant boolean := public.user_is_admin(_user_id);
begin
  if (_kind is not null and _kind not in ('module', 'tool', 'lesson')) or not public.may_ask_about(_user_id) then
    return;
  end if;
  return query
  with records as materialized (
    select * from public.access_records_as_school(_user_id, null, null)
  ),
  sections as materialized (
    select s.kind, s.id, s.is_published,
      coalesce(r.is_unlocked, false) as item_unlocked,
      coalesce(r.is_visible, true) as is_visible,
      r.opens_at, r.source, r.expired, r.group_ids
    from (
      select 'module' as kind, c.id, c.is_published from public.course_modules c
      union all
      select 'tool', t.id, t.is_published from public.tech_tools t
    ) s
    left join records r on r.kind = s.kind and r.item_id = s.id
  ),
  lessons as materialized (
    select l.id,
      l.is_published and coalesce(b.is_published, true) and p.is_published as published,
      p.item_unlocked and p.is_visible as parent_open,
      coalesce(r.is_unlocked, true) as item_unlocked,
      coalesce(r.is_visible, true) as is_visible,
      r.opens_at, r.source, r.expired, r.group_ids
    from public.lessons l
    left join public.modules b on b.id = l.module_id
    join sections p on (p.kind = 'tool' and p.id = l.tool_id) or (p.kind = 'module' and p.id = l.course_module_id)
    left join records r on r.kind = 'lesson' and r.item_id = l.id
    where coalesce(_kind, 'lesson') = 'lesson' and (_item_ids is null or l.id in (select unnest(_item_ids)))
  ),
  holds as (
    select h.lesson_id, h.stop_lesson_id
    from public.lesson_holds(_user_id, array(select l.id from lessons l where l.published and l.parent_open)) h
    where coalesce(_kind, 'lesson') = 'lesson'
  ),
  verdicts as (
    select s.id, s.item_unlocked, s.is_visible or admin as is_visible,
      admin or (s.is_published and s.item_unlocked and s.is_visible) as is_open,
      s.opens_at,
      case
        when admin then 'admin'
        when not s.is_published then 'unpublished'
        when s.source is null then 'default'
        when not s.item_unlocked and s.expired then 'expired'
        when not s.item_unlocked and s.opens_at is not null then 'scheduled'
        else s.source
      end as why,
      s.group_ids, null::uuid as held_by
    from sections s
    where (_kind is null or s.kind = _kind) and (_item_ids is null or s.id in (select unnest(_item_ids)))
    union all
    select l.id, l.item_unlocked, l.is_visible or admin,
      admin or (l.published and l.parent_open and l.item_unlocked and l.is_visible and h.lesson_id is null),
      l.opens_at,
      case
        when admin then 'admin'
        when not l.published then 'unpublished'
        when l.source is not null and not l.item_unlocked and l.expired then 'expired'
        when l.source is not null and not l.item_unlocked and l.opens_at is not null then 'scheduled'
        when l.source is not null and not (l.item_unlocked and l.is_visible) then l.source
        when not l.parent_open then 'parent'
        when h.lesson_id is not null then 'held'
        else coalesce(l.source, 'default')
      end,
      l.group_ids, h.stop_lesson_id
    from lessons l
    left join holds h on h.lesson_id = l.id
  ),
  named_groups as materialized (
    -- Only the groups of the items answered are named.
    select g.* from public.named_memberships(_user_id) g
    where exists (select 1 from verdicts v where g.group_id = any (v.group_ids))
  )
  select v.id, v.item_unlocked, v.is_visible, v.is_open, v.opens_at, v.why,
    case when v.group_ids is not null then
      (select array_agg(g.name order by g.name) from named_groups g where g.group_id = any (v.group_ids))
    end,
    case when v.group_ids is null then '[]'::jsonb else (
      select jsonb_agg(ground order by g.name, ground ->> 'source', ground ->> 'ref')
      from named_groups g cross join lateral jsonb_array_elements(g.grounds) ground
      where g.group_id = any (v.group_ids)
    ) end,
    v.held_by
  from verdicts v;
end;
$$;

comment on function public.access_verdicts(uuid, text, uuid[]) is 'The access rule, for _user_id and every module, tool or lesson (_kind; null for every kind), or only those among _item_ids, and why.

A module or tool is open when it is published and its deciding record opens it: the student''s own
record if there is one, else the grants of the groups the student is in now (open if any group
opens it and the date has come and not passed; hidden only if every group hides it). With no
record it is closed and visible. A lesson is open when it, its block and its tool or course module
are published, its tool or module is open and visible to the student, its own deciding record (if
any) opens and shows it — with no record a lesson follows its parent — and no unaccepted
stop-lesson before it in its tool or module holds it. An admin opens everything.

item_unlocked and is_visible are the item''s own decision (its record, else the default); is_open
is the verdict with parents and stop-lessons. why is the first reason that decides it: admin,
unpublished, expired, scheduled (opens_at says when), personal or group (the record that closes or
opens it; group_names and grounds name the groups and the memberships — by hand, an order, a promo
code — behind it), parent (its tool or module is closed), held (held_by is the stop-lesson; it is
given whenever a stop-lesson holds the lesson, also when its record closes it first), default.
Only the student, an admin or a service call may ask (may_ask_about).

The student pages (track_access, lesson_list) and the admin panel ask it; row level security and the
lesson protection ask its faster forms (hidden_item_ids, decide_can_open_lesson), which
tests/backend/access-verdicts.test.ts holds to it. The records come without their names
(access_records_as_school), and only the groups of the items answered are named. PL/pgSQL with
plan_cache_mode force_generic_plan: a page asks it with the same shapes on every call, so its query
keeps one plan for the connection''s life.';

revoke all on function public.access_verdicts(uuid, text, uuid[]) from public;
grant all on function public.access_verdicts(uuid, text, uuid[]) to authenticated;
grant all on function public.access_verdicts(uuid, text, uuid[]) to service_role;

create or replace function public.track_access(_student_id uuid, _kind text) returns jsonb
language plpgsql stable
set search_path to ''
set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'item_id', v.item_id, 'is_open', v.is_open, 'is_visible', v.is_visible, 'why', v.why,
      'opens_at', v.opens_at, 'group_names', to_jsonb(v.group_names)
    )), '[]'::jsonb)
    from public.access_verdicts(coalesce(_student_id, auth.uid()), _kind) v
  );
end;
$$;

comment on function public.track_access(uuid, text) is 'The access rule''s verdict (access_verdicts) on every module or tool (_kind) for the student: open, visible, why, the opening date and the groups named. Part of tools_page and course_modules_page, whose lists show what it answers.';

drop function public.lesson_list(uuid[], uuid);

create function public.lesson_list(_parent_id uuid, _lesson_ids uuid[], _user_id uuid) returns jsonb
language plpgsql stable
set search_path to ''
set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
    with verdicts as materialized (
      select v.* from public.access_verdicts(_user_id, null, _parent_id || _lesson_ids) v
    )
    select jsonb_build_object(
      'lessons', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', l.id, 'module_id', l.module_id, 'title', l.title, 'order_index', l.order_index
        ) order by l.order_index, l.id)
        from public.lessons l
        where l.id = any(_lesson_ids)
      ), '[]'::jsonb),
      'access', (
        select jsonb_build_object('is_open', v.is_open, 'is_visible', v.is_visible, 'why', v.why)
        from verdicts v where v.item_id = _parent_id
      ),
      'verdicts', coalesce((
        select jsonb_agg(jsonb_build_object(
          'item_id', v.item_id, 'is_open', v.is_open, 'is_visible', v.is_visible, 'why', v.why,
          'opens_at', v.opens_at, 'group_names', to_jsonb(v.group_names), 'held_by', v.held_by,
          -- A quiz's stop (issue 46) when the stop-lesson carries no homework stop: the list says «после прохождения теста».
          'quiz', v.held_by is not null
            and not exists (select 1 from public.assignments a where a.lesson_id = v.held_by and a.is_stop_lesson)
        ) order by v.item_id)
        from verdicts v where v.item_id <> _parent_id
      ), '[]'::jsonb),
      'completed', coalesce((
        select jsonb_agg(p.lesson_id order by p.lesson_id)
        from public.lesson_progress p
        where p.user_id = _user_id and p.lesson_id = any(_lesson_ids) and p.completed_at is not null
      ), '[]'::jsonb)
    )
  );
end;
$$;

comment on function public.lesson_list(uuid, uuid[], uuid) is 'A tool''s or course module''s lessons as the student _user_id''s list shows them: the lessons among _lesson_ids, the access rule''s verdict (access_verdicts, asked once for the parent _parent_id and its lessons) on the parent (access) and on each lesson (verdicts: open, visible, why, the opening date, the groups, the stop-lesson holding it and whether that stop is a quiz''s, no homework stop being on it), and the completed ones. Part of tool_page and course_module_page.';

revoke all on function public.lesson_list(uuid, uuid[], uuid) from public;
grant all on function public.lesson_list(uuid, uuid[], uuid) to authenticated;
grant all on function public.lesson_list(uuid, uuid[], uuid) to service_role;

create or replace function public.tool_page(_tool_name text, _student_id uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
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
      'modules', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', b.id, 'name', b.name, 'description', b.description, 'order_index', b.order_index
        ) order by b.order_index, b.id)
        from blocks b
      ), '[]'::jsonb)
    ) || public.lesson_list((select id from tool), coalesce((select ids from lesson_ids), '{}'), (select id from viewer))
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

comment on function public.tool_page(text, uuid) is 'A published tool''s page in one call, by its name in any case: the tool, its published blocks and its lesson list (lesson_list: the lessons, the access rule''s verdict on the tool and on each lesson, the completed ones), and when there is no such tool whether it is hidden from the viewer or was renamed, asked in a statement of its own so that a tool''s page never plans the former names (a table and its policy more to load on a fresh connection). The viewer is the caller, or _student_id when an admin looks as a student. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

create or replace function public.course_module_page(_module_id uuid, _student_id uuid DEFAULT NULL::uuid) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
begin
  return (
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
      'module', (select to_jsonb(course_module) from course_module)
    ) || public.lesson_list((select id from course_module), coalesce((select ids from lesson_ids), '{}'), (select id from viewer))
  );
end;
$$;

comment on function public.course_module_page(uuid, uuid) is 'A published course module''s page in one call: the module with its number among the viewer''s visible modules and the lesson list (lesson_list: its published lessons, the access rule''s verdict on the module and on each lesson, the completed ones). The viewer is the caller, or _student_id when an admin looks as a student; security invoker, so the content policies still apply. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';
