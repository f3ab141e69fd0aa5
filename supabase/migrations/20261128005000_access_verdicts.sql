-- The access rule, stated once (issue 44). Why one lesson is open or closed was spread over a
-- dozen functions and four TypeScript modules that recomputed defaults and locks from flags. This
-- function answers, for a person and every item of a kind, the verdict and why, in the order the
-- rule applies; the admin panel shows what it answers, and a test holds the lesson protection
-- (decide_can_open_lesson) and this verdict to the same answer for every lesson.

create function public.access_verdicts(_user_id uuid, _kind text)
  returns table (item_id uuid, item_unlocked boolean, is_visible boolean, is_open boolean, opens_at timestamptz,
    why text, group_names text[], grounds jsonb, held_by uuid)
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  admin constant boolean := public.user_is_admin(_user_id);
begin
  if _kind not in ('module', 'tool', 'lesson') or not public.may_ask_about(_user_id) then
    return;
  end if;
  return query
  with records as materialized (
    select * from public.effective_access_of(_user_id, null, null)
  ),
  sections as materialized (
    select s.kind, s.id, s.is_published,
      coalesce(r.is_unlocked, false) as item_unlocked,
      coalesce(r.is_visible, true) as is_visible,
      r.opens_at, r.source, r.expired, r.group_names, coalesce(r.grounds, '[]'::jsonb) as grounds
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
      r.opens_at, r.source, r.expired, r.group_names, coalesce(r.grounds, '[]'::jsonb) as grounds
    from public.lessons l
    left join public.modules b on b.id = l.module_id
    join sections p on (p.kind = 'tool' and p.id = l.tool_id) or (p.kind = 'module' and p.id = l.course_module_id)
    left join records r on r.kind = 'lesson' and r.item_id = l.id
    where _kind = 'lesson'
  ),
  holds as (
    select h.lesson_id, h.stop_lesson_id
    from public.lesson_holds(_user_id, array(select l.id from lessons l where l.published and l.parent_open)) h
    where _kind = 'lesson'
  )
  select s.id, s.item_unlocked, s.is_visible or admin,
    admin or (s.is_published and s.item_unlocked and s.is_visible),
    s.opens_at,
    case
      when admin then 'admin'
      when not s.is_published then 'unpublished'
      when s.source is null then 'default'
      when not s.item_unlocked and s.expired then 'expired'
      when not s.item_unlocked and s.opens_at is not null then 'scheduled'
      else s.source
    end,
    s.group_names, s.grounds, null::uuid
  from sections s
  where s.kind = _kind
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
    l.group_names, l.grounds, h.stop_lesson_id
  from lessons l
  left join holds h on h.lesson_id = l.id;
end;
$$;

comment on function public.access_verdicts(uuid, text) is $comment$The access rule, for _user_id and every module, tool or lesson (_kind), and why.

A module or tool is open when it is published and its deciding record opens it: the student's own
record if there is one, else the grants of the groups the student is in now (open if any group
opens it and the date has come and not passed; hidden only if every group hides it). With no
record it is closed and visible. A lesson is open when it, its block and its tool or course module
are published, its tool or module is open and visible to the student, its own deciding record (if
any) opens and shows it — with no record a lesson follows its parent — and no unaccepted
stop-lesson before it in its tool or module holds it. An admin opens everything.

item_unlocked and is_visible are the item's own decision (its record, else the default); is_open
is the verdict with parents and stop-lessons. why is the first reason that decides it: admin,
unpublished, expired, scheduled (opens_at says when), personal or group (the record that closes or
opens it; group_names and grounds name the groups and the memberships — by hand, an order, a promo
code — behind it), parent (its tool or module is closed), held (held_by is the stop-lesson), default.
Only the student, an admin or a service call may ask (may_ask_about).$comment$;

revoke all on function public.access_verdicts(uuid, text) from public;
grant execute on function public.access_verdicts(uuid, text) to authenticated, service_role;
