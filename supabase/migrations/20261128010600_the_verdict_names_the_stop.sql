-- Issue 44: the verdict says which kind of stop holds a lesson. A stop-lesson holds what follows it
-- until its homework is accepted or, when it carries no homework stop, until its quiz is passed
-- (issue 46). The student's list worked that out for itself and the admin panel not at all: it
-- said «ждёт принятия задания» of a lesson a quiz holds. access_verdicts now answers it
-- (held_by_quiz), and lesson_list and the panel say what it answers.

drop function public.access_verdicts(uuid, text, uuid[]);

create function public.access_verdicts(_user_id uuid, _kind text, _item_ids uuid[] default null)
returns table (item_id uuid, item_unlocked boolean, is_visible boolean, is_open boolean, opens_at timestamp with time zone,
  why text, group_names text[], grounds jsonb, held_by uuid, held_by_quiz boolean)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
declare
  admin constant boolean := public.user_is_admin(_user_id);
  -- The viewer's own answers on lessons are kept as can_open_lesson's (see the comment).
  kept constant boolean := _user_id = auth.uid();
  stamp constant text := public.kept_access_stamp(_user_id);
  answered text := '';
  memo text;
  verdict record;
begin
  if (_kind is not null and _kind not in ('module', 'tool', 'lesson')) or not public.may_ask_about(_user_id) then
    return;
  end if;
  for verdict in
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
    -- A quiz's stop (issue 46) when the stop-lesson carries no homework stop.
    select h.lesson_id, h.stop_lesson_id,
      not exists (select 1 from public.assignments a where a.lesson_id = h.stop_lesson_id and a.is_stop_lesson) as quiz
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
      s.group_ids, null::uuid as held_by, null::boolean as held_by_quiz, false as is_lesson
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
      l.group_ids, h.stop_lesson_id, h.quiz, true
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
    end as group_names,
    case when v.group_ids is null then '[]'::jsonb else (
      select jsonb_agg(ground order by g.name, ground ->> 'source', ground ->> 'ref')
      from named_groups g cross join lateral jsonb_array_elements(g.grounds) ground
      where g.group_id = any (v.group_ids)
    ) end as grounds,
    v.held_by, v.held_by_quiz, v.is_lesson
  from verdicts v
  loop
    item_id := verdict.id;
    item_unlocked := verdict.item_unlocked;
    is_visible := verdict.is_visible;
    is_open := verdict.is_open;
    opens_at := verdict.opens_at;
    why := verdict.why;
    group_names := verdict.group_names;
    grounds := verdict.grounds;
    held_by := verdict.held_by;
    held_by_quiz := verdict.held_by_quiz;
    if kept and verdict.is_lesson then
      answered := answered || ' ' || verdict.id::text || ':' || case when verdict.is_open then 't' else 'f' end;
    end if;
    return next;
  end loop;
  if answered <> '' then
    memo := current_setting('access.can_open', true);
    if memo is null or not starts_with(memo, stamp) then
      memo := stamp;
    end if;
    perform set_config('access.can_open', memo || answered, true);
  end if;
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
code — behind it), parent (its tool or module is closed), held (held_by is the stop-lesson, held_by_quiz
whether its quiz rather than its homework holds; both are given whenever a stop-lesson holds the
lesson, also when its record closes it first), default.
Only the student, an admin or a service call may ask (may_ask_about).

The student pages (track_access, lesson_list) and the admin panel ask it; row level security and the
lesson protection ask its faster forms (hidden_item_ids, decide_can_open_lesson), which
tests/backend/access-verdicts.test.ts holds to it. When the student asks about themselves, its
answers on lessons are kept for the rest of the statement as can_open_lesson''s (access.can_open,
stamped by kept_access_stamp: this statement, the writes to the rule''s tables so far, the person),
so a lesson page''s content, materials and homework read the verdict its list was drawn from
instead of deciding it again. The records come without their names (access_records_as_school),
and only the groups of the items answered are named. PL/pgSQL with plan_cache_mode
force_generic_plan: a page asks it with the same shapes on every call, so its query keeps one plan
for the connection''s life.';

revoke all on function public.access_verdicts(uuid, text, uuid[]) from public;
grant all on function public.access_verdicts(uuid, text, uuid[]) to authenticated;
grant all on function public.access_verdicts(uuid, text, uuid[]) to service_role;

create or replace function public.lesson_list(_parent_id uuid, _lesson_ids uuid[], _user_id uuid) returns jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
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
          'quiz', coalesce(v.held_by_quiz, false)
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

comment on function public.lesson_list(uuid, uuid[], uuid) is 'A tool''s or course module''s lessons as the student _user_id''s list shows them: the lessons among _lesson_ids, the access rule''s verdict (access_verdicts, asked once for the parent _parent_id and its lessons) on the parent (access) and on each lesson (verdicts: open, visible, why, the opening date, the groups, the stop-lesson holding it and whether its quiz holds it), and the completed ones. Part of tool_page and course_module_page.';
