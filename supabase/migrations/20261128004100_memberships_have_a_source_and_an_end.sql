-- Memberships know where they came from and when they end (issue 44). A group membership was one
-- row with no source and no end: an order that opened a course would have had nowhere to write
-- that a refund could take back and an admin's removal could not. Now each reason a student is in a
-- group is a row of its own: `manual` (an admin added them), `order` or `promo` (with the order or
-- promo code in source_ref), each with an optional expires_at. An expired membership grants
-- nothing. Admins add, change and remove only manual rows, on every path (the policies say so); an
-- order's or a promo's row is written and taken back only by the function that handles it.
--
-- Functions that ask «who is in this group now» read current_group_members: one row per member
-- whose membership has not run out, however many reasons they have. effective_access_of also says,
-- for an item a group decides, through which memberships (source, reference, end) it applies.

create type public.membership_source as enum ('manual', 'order', 'promo');

alter table public.group_members
  add column id uuid not null default gen_random_uuid(),
  add column source public.membership_source not null default 'manual',
  add column source_ref text,
  add column expires_at timestamptz,
  add column created_at timestamptz not null default now(),
  add constraint group_members_ref_names_its_source check ((source = 'manual') = (source_ref is null)),
  add constraint group_members_source_ref_length check (char_length(source_ref) between 1 and 100);

alter table public.group_members drop constraint group_members_pkey;
alter table public.group_members add constraint group_members_pkey primary key (id);
-- One row per reason: a student is in a group once by hand, and once per order or promo code.
create unique index group_members_one_per_reason on public.group_members (group_id, user_id, source, source_ref) nulls not distinct;

drop policy "Admins add group_members" on public.group_members;
drop policy "Admins change group_members" on public.group_members;
drop policy "Admins remove group_members" on public.group_members;
create policy "Admins add members by hand" on public.group_members for insert to authenticated
  with check ((select public.is_admin()) and source = 'manual');
create policy "Admins change what they added" on public.group_members for update to authenticated
  using ((select public.is_admin()) and source = 'manual') with check ((select public.is_admin()) and source = 'manual');
create policy "Admins remove what they added" on public.group_members for delete to authenticated
  using ((select public.is_admin()) and source = 'manual');

create view public.current_group_members with (security_invoker = true) as
  select m.group_id, m.user_id
  from public.group_members m
  where m.expires_at is null or now() < m.expires_at
  group by m.group_id, m.user_id;

comment on view public.current_group_members is 'Who is in each group now: one row per member whose membership (by hand, an order or a promo code) has not run out, however many reasons they have. Filters on group_id or user_id reach group_members'' indexes through the grouping.';

grant select on public.current_group_members to authenticated, service_role;

-- The effective access now says through which memberships a group's grant applies.
drop function public.student_access(uuid);
drop function public.effective_access(uuid);
drop function public.effective_access_of(uuid, text, uuid);

create function public.effective_access_of(_user_id uuid, _kind text, _item_id uuid)
  returns table (kind text, item_id uuid, is_unlocked boolean, is_visible boolean, source text, group_names text[],
    opens_at timestamptz, expired boolean, grounds jsonb)
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
      select 'module', g.module_id, false, m.group_name, m.grounds, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
      from public.group_module_access g join memberships m on m.group_id = g.group_id
      where coalesce(_kind, 'module') = 'module' and (_item_id is null or g.module_id = _item_id)
      union all
      select 'tool', g.tool_id, false, m.group_name, m.grounds, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
      from public.group_tool_access g join memberships m on m.group_id = g.group_id
      where coalesce(_kind, 'tool') = 'tool' and (_item_id is null or g.tool_id = _item_id)
      union all
      select 'lesson', g.lesson_id, false, m.group_name, m.grounds, g.is_unlocked, g.is_visible, g.unlock_at, g.expires_at
      from public.group_lesson_access g join memberships m on m.group_id = g.group_id
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
    -- distinct: a grant reached through two memberships of one group comes once per membership here.
    array_agg(distinct d.group_name order by d.group_name) filter (where not d.personal),
    min(d.unlock_at) filter (where d.is_unlocked and d.unlock_at > now()),
    not bool_or(d.open_now) and coalesce(bool_and(coalesce(d.expires_at <= now(), false)) filter (where d.is_unlocked), false),
    coalesce(jsonb_agg(ground order by ground ->> 'group', ground ->> 'source', ground ->> 'ref') filter (where ground is not null), '[]'::jsonb)
  from deciding d
  left join lateral jsonb_array_elements(d.grounds) ground on true
  group by d.kind, d.item_id;
end;
$$;

comment on function public.effective_access_of(uuid, text, uuid) is 'The records deciding _user_id''s access to each module, tool or lesson (or only _kind, or only _item_id): the personal record when there is one, else the grants of the groups the student is in now. Answers the flags as of now, the source (personal or group), the groups named, the earliest future opening, whether every opening grant ran out, and in grounds the memberships behind a group''s grant ({group, source: manual|order|promo, ref, ends_at}). An item no record decides is absent: it falls to the defaults. Generic plans: asked on every page with the same shapes.';

create function public.effective_access(_user_id uuid)
  returns table (kind text, item_id uuid, is_unlocked boolean, is_visible boolean, source text, group_names text[],
    opens_at timestamptz, expired boolean, grounds jsonb)
  language plpgsql stable security definer
  set search_path = ''
  set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
begin
  return query
    select * from public.effective_access_of(_user_id, null, null);
end;
$$;

comment on function public.effective_access(uuid) is 'Every record deciding _user_id''s access, of every kind: effective_access_of for all items. Asked by notify_openings for each student it may tell.';

create function public.student_access(_student_id uuid default null)
  returns table (kind text, item_id uuid, is_unlocked boolean, is_visible boolean, source text, group_names text[],
    opens_at timestamptz, expired boolean, grounds jsonb)
  language plpgsql stable
  set search_path = ''
  set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
begin
  return query
    select * from public.effective_access(coalesce(_student_id, auth.uid()));
end;
$$;

comment on function public.student_access(uuid) is 'The admin panel''s view of a student''s effective access (the caller''s own without an id): effective_access, under the invoker''s rights so only an admin or the student may ask.';

revoke all on function public.effective_access_of(uuid, text, uuid) from public;
revoke all on function public.effective_access(uuid) from public;
revoke all on function public.student_access(uuid) from public;
grant execute on function public.effective_access_of(uuid, text, uuid) to authenticated, service_role;
grant execute on function public.effective_access(uuid) to authenticated, service_role;
grant execute on function public.student_access(uuid) to authenticated, service_role;

-- The group page lists each member once, with every reason they are there.
create or replace function public.group_page(_group_id uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select jsonb_build_object(
    'group', (select jsonb_build_object('id', g.id, 'name', g.name) from public.groups g where g.id = _group_id),
    'members', coalesce((
      select jsonb_agg(jsonb_build_object('id', p.id, 'email', p.email, 'full_name', p.full_name, 'memberships', m.memberships) order by p.email)
      from (
        select m.user_id,
          jsonb_agg(jsonb_build_object('source', m.source, 'ref', m.source_ref, 'ends_at', m.expires_at,
            'current', m.expires_at is null or now() < m.expires_at) order by m.source, m.source_ref) as memberships
        from public.group_members m
        where m.group_id = _group_id
        group by m.user_id
      ) m
      join public.profiles p on p.id = m.user_id
    ), '[]'::jsonb),
    'grants', coalesce((
      select jsonb_agg(grant_row) from (
        select jsonb_build_object('kind', 'module', 'item_id', module_id, 'is_unlocked', is_unlocked, 'is_visible', is_visible,
          'unlock_at', unlock_at, 'expires_at', expires_at) as grant_row
        from public.group_module_access where group_id = _group_id
        union all
        select jsonb_build_object('kind', 'tool', 'item_id', tool_id, 'is_unlocked', is_unlocked, 'is_visible', is_visible,
          'unlock_at', unlock_at, 'expires_at', expires_at)
        from public.group_tool_access where group_id = _group_id
        union all
        select jsonb_build_object('kind', 'lesson', 'item_id', lesson_id, 'is_unlocked', is_unlocked, 'is_visible', is_visible,
          'unlock_at', unlock_at, 'expires_at', expires_at)
        from public.group_lesson_access where group_id = _group_id
      ) grants
    ), '[]'::jsonb)
  );
$$;

comment on function public.group_page(uuid) is 'The admin''s group page in one call: the group, each member once with every membership (source manual|order|promo, reference, end, whether it is current), and the group''s grants. Runs as the invoker: only an admin reads other people''s memberships.';

-- Who is in a group now, for the functions below: current_group_members (their bodies are unchanged otherwise).
CREATE OR REPLACE FUNCTION public.analytics_activity(_group_id uuid DEFAULT NULL::uuid, _track text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    SET work_mem TO '32MB'
    SET enable_mergejoin TO 'off'
    AS $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  lessons as materialized (select l.id from public.analytics_lessons(_track) l),
  -- The lessons of the rolled-up rows read (the track's, or all) that do not count: published
  -- lessons under a draft tool, block or module.
  uncounted as materialized (
    select l.id from public.lessons l
    where l.is_published and (_track is null or (_track = 'tech') = (l.tool_id is not null)) and l.id not in (select id from lessons)
  ),
  since as materialized (select (now() at time zone 'Europe/Moscow')::date - 29 as day),
  personal as materialized (
    select a.user_id, a.lesson_id from public.lesson_access a
    where not a.is_visible and (a.user_id in (select user_id from students)) is true
      and (a.lesson_id in (select id from lessons)) is true
  ),
  -- The events that do not count, one row per student, day and lesson. Rows of someone outside
  -- the students meet no month row below and change nothing.
  odd_rows as materialized (
    select a.user_id, a.day, a.opened, a.completed, a.submitted from public.student_activity_lessons a
    where a.day >= (select day from since) and a.lesson_id in (select id from uncounted)
      and (a.user_id in (select user_id from students)) is true
    union all
    select a.user_id, a.day, a.opened, a.completed, a.submitted
    from (
      select distinct g.lesson_id from public.group_lesson_access g
      where not g.is_visible and g.lesson_id in (select id from lessons)
    ) hidden
    cross join since s
    cross join lateral (
      select a.* from public.student_activity_lessons a
      where a.lesson_id = hidden.lesson_id and a.day >= s.day
        and a.user_id in (
          select m.user_id from public.group_lesson_access g join public.current_group_members m on m.group_id = g.group_id
          where g.lesson_id = hidden.lesson_id and not g.is_visible
        )
        and a.user_id not in (
          select m.user_id from public.group_lesson_access g join public.current_group_members m on m.group_id = g.group_id
          where g.lesson_id = hidden.lesson_id and g.is_visible
        )
    ) a
    -- offset 0: asked row by row through the index, not joined to the whole table
    where not exists (select 1 from public.lesson_access p where p.user_id = a.user_id and p.lesson_id = a.lesson_id offset 0)
    union all
    select a.user_id, a.day, a.opened, a.completed, a.submitted
    from personal p cross join since s
    cross join lateral (
      select a.user_id, a.day, a.opened, a.completed, a.submitted from public.student_activity_lessons a
      where a.user_id = p.user_id and a.day >= s.day and a.lesson_id = p.lesson_id offset 0
    ) a
  ),
  odd as (
    select e.user_id, e.day, count(*) filter (where e.opened) as opened,
      count(*) filter (where e.completed) as completed, count(*) filter (where e.submitted) as submitted
    from odd_rows e
    group by e.user_id, e.day
  ),
  months as materialized (
    select m.user_id, m.month, m.opened_days, m.completed_days, m.submitted_days,
      m.opened_lessons, m.completed_lessons, m.submitted_lessons
    from public.student_activity_months m
    where _track is null and m.month >= (select date_trunc('month', day)::date from since)
      and (m.user_id in (select user_id from students)) is true -- hashed: one pass over the window's months
    union all
    select m.user_id, m.month, m.opened_days, m.completed_days, m.submitted_days,
      m.opened_lessons, m.completed_lessons, m.submitted_lessons
    from public.student_activity_track_months m
    where _track is not null and m.track = case when _track = 'tech' then 'tech' else 'product' end
      and m.month >= (select date_trunc('month', day)::date from since)
      and (m.user_id in (select user_id from students)) is true
  ),
  -- Each student's days, a bit per day (bit 0 = 29 days ago).
  rolled as materialized (
    select m.user_id,
      bit_or(((m.opened_days::bigint << (32 + (m.month - s.day))) >> 32) & 1073741823) as opened,
      bit_or(((m.completed_days::bigint << (32 + (m.month - s.day))) >> 32) & 1073741823) as completed,
      bit_or(((m.submitted_days::bigint << (32 + (m.month - s.day))) >> 32) & 1073741823) as submitted
    from months m cross join since s
    group by m.user_id
  ),
  -- How many lessons had each kind of event on the odd days: a day is cleared when all of them are odd.
  totals as (
    select o.user_id, o.day, o.opened, o.completed, o.submitted,
      m.opened_lessons[extract(day from o.day)::integer] as all_opened,
      m.completed_lessons[extract(day from o.day)::integer] as all_completed,
      m.submitted_lessons[extract(day from o.day)::integer] as all_submitted
    from odd o join months m on m.user_id = o.user_id and m.month = date_trunc('month', o.day)::date
  ),
  cleared as (
    select t.user_id,
      bit_or(t.bit) filter (where t.all_opened <= t.opened) as opened,
      bit_or(t.bit) filter (where t.all_completed <= t.completed) as completed,
      bit_or(t.bit) filter (where t.all_submitted <= t.submitted) as submitted
    from (select t.*, 1::bigint << (t.day - (select day from since)) as bit from totals t) t
    group by t.user_id
  ),
  masks as materialized (
    select r.user_id, m.opened, m.completed, m.submitted, m.opened | m.completed | m.submitted as active
    from rolled r
    left join cleared c on c.user_id = r.user_id
    cross join lateral (select
      r.opened & ~coalesce(c.opened, 0) as opened,
      r.completed & ~coalesce(c.completed, 0) as completed,
      r.submitted & ~coalesce(c.submitted, 0) as submitted) m
  ),
  -- The students per day, three days at a time: each day's count in a 21-bit lane of one bigint
  -- (lanes maps three bits to three lanes), so ten passes over the students instead of thirty.
  spread as (select '{0,1,2097152,2097153,4398046511104,4398046511105,4398048608256,4398048608257}'::bigint[] as lanes),
  per_chunk as (
    select c.chunk,
      sum(s.lanes[((m.active >> (3 * c.chunk)) & 7) + 1])::bigint as active,
      sum(s.lanes[((m.opened >> (3 * c.chunk)) & 7) + 1])::bigint as opened,
      sum(s.lanes[((m.completed >> (3 * c.chunk)) & 7) + 1])::bigint as completed,
      sum(s.lanes[((m.submitted >> (3 * c.chunk)) & 7) + 1])::bigint as submitted
    from masks m cross join generate_series(0, 9) c(chunk) cross join spread s
    where m.active <> 0
    group by c.chunk
  ),
  per_day as (
    select 3 * p.chunk + j.lane as bit,
      (p.active >> (21 * j.lane)) & 2097151 as active, (p.opened >> (21 * j.lane)) & 2097151 as opened,
      (p.completed >> (21 * j.lane)) & 2097151 as completed, (p.submitted >> (21 * j.lane)) & 2097151 as submitted
    from per_chunk p cross join generate_series(0, 2) j(lane)
  )
  select case when (select public.is_reviewer()) then jsonb_build_object(
    'students', (select count(*) from students),
    'active_7d', (select count(*) from masks m where m.active & (1073741823 # 8388607) <> 0),
    'active_30d', (select count(*) from masks m where m.active <> 0),
    'days', (
      select jsonb_agg(jsonb_build_object(
        'day', (select day from since) + n.bit, 'active', coalesce(p.active, 0), 'opened', coalesce(p.opened, 0),
        'completed', coalesce(p.completed, 0), 'submitted', coalesce(p.submitted, 0)
      ) order by n.bit)
      from generate_series(0, 29) n(bit)
      left join per_day p on p.bit = n.bit
    )
  ) end;
$$;

CREATE OR REPLACE FUNCTION public.analytics_at_risk(_group_id uuid DEFAULT NULL::uuid, _track text DEFAULT NULL::text, _limit integer DEFAULT 200) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    SET work_mem TO '32MB'
    AS $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  lessons as materialized (select l.id, l.title, l.item_title from public.analytics_lessons(_track) l),
  week_ago as (select now() - interval '7 days' as at),
  personal as materialized (
    select a.user_id, a.lesson_id from public.lesson_access a
    where not a.is_visible and (a.user_id in (select user_id from students)) is true
  ),
  hiding_lessons as materialized (select distinct g.lesson_id from public.group_lesson_access g where not g.is_visible),
  -- This week's passes of lessons that count, but for those a group of the student's may hide.
  recent as materialized (
    select p.user_id, p.lesson_id from public.lesson_progress p
    where p.completed_at >= (select at from week_ago)
      and (p.user_id in (select user_id from students)) is true
      and (p.lesson_id in (select id from lessons)) is true
      and ((p.user_id, p.lesson_id) not in (select h.user_id, h.lesson_id from personal h)) is true
  ),
  plainly_passed as materialized (
    select distinct r.user_id from recent r where r.lesson_id not in (select lesson_id from hiding_lessons)
  ),
  -- The few students whose only passes are of lessons some group hides: asked pass by pass.
  passed_lately as materialized (
    select user_id from plainly_passed
    union all
    select distinct r.user_id from recent r
    where r.lesson_id in (select lesson_id from hiding_lessons)
      and r.user_id not in (select user_id from plainly_passed)
      and not (
        exists (
          select 1 from public.group_lesson_access g join public.current_group_members m on m.group_id = g.group_id
          where g.lesson_id = r.lesson_id and not g.is_visible and m.user_id = r.user_id offset 0
        )
        and not exists (
          select 1 from public.group_lesson_access v join public.current_group_members m on m.group_id = v.group_id
          where v.lesson_id = r.lesson_id and v.is_visible and m.user_id = r.user_id offset 0
        )
        and not exists (select 1 from public.lesson_access a where a.user_id = r.user_id and a.lesson_id = r.lesson_id offset 0)
      )
  ),
  -- A lesson counts for a student when it is published, in the track and not hidden from them.
  latest as (
    select s.user_id, lo.lesson_id, lo.last_opened_at, lo.completed_at as lesson_passed_at,
      lc.completed_at as passed_at, lw.submitted_at
    from students s
    left join lateral (
      select p.lesson_id, p.last_opened_at, p.completed_at from public.lesson_progress p
      where p.user_id = s.user_id and p.last_opened_at is not null
        and (p.lesson_id in (select id from lessons)) is true
        and ((p.user_id, p.lesson_id) not in (select h.user_id, h.lesson_id from personal h)) is true
        and not (
          exists (
            select 1 from public.group_lesson_access g join public.current_group_members m on m.group_id = g.group_id
            where g.lesson_id = p.lesson_id and not g.is_visible and m.user_id = p.user_id offset 0
          )
          and not exists (
            select 1 from public.group_lesson_access v join public.current_group_members m on m.group_id = v.group_id
            where v.lesson_id = p.lesson_id and v.is_visible and m.user_id = p.user_id offset 0
          )
          and not exists (select 1 from public.lesson_access a where a.user_id = p.user_id and a.lesson_id = p.lesson_id offset 0)
        )
      order by p.last_opened_at desc limit 1
    ) lo on true
    left join lateral (
      select p.completed_at from public.lesson_progress p
      where p.user_id = s.user_id and p.completed_at is not null
        and (p.lesson_id in (select id from lessons)) is true
        and ((p.user_id, p.lesson_id) not in (select h.user_id, h.lesson_id from personal h)) is true
        and not (
          exists (
            select 1 from public.group_lesson_access g join public.current_group_members m on m.group_id = g.group_id
            where g.lesson_id = p.lesson_id and not g.is_visible and m.user_id = p.user_id offset 0
          )
          and not exists (
            select 1 from public.group_lesson_access v join public.current_group_members m on m.group_id = v.group_id
            where v.lesson_id = p.lesson_id and v.is_visible and m.user_id = p.user_id offset 0
          )
          and not exists (select 1 from public.lesson_access a where a.user_id = p.user_id and a.lesson_id = p.lesson_id offset 0)
        )
      order by p.completed_at desc limit 1
    ) lc on true
    left join lateral (
      select max(sub.submitted_at) as submitted_at
      from public.submissions sub join public.assignments a on a.id = sub.assignment_id
      where sub.user_id = s.user_id and (a.lesson_id in (select id from lessons)) is true
        and ((sub.user_id, a.lesson_id) not in (select h.user_id, h.lesson_id from personal h)) is true
        and not (
          exists (
            select 1 from public.group_lesson_access g join public.current_group_members m on m.group_id = g.group_id
            where g.lesson_id = a.lesson_id and not g.is_visible and m.user_id = sub.user_id offset 0
          )
          and not exists (
            select 1 from public.group_lesson_access v join public.current_group_members m on m.group_id = v.group_id
            where v.lesson_id = a.lesson_id and v.is_visible and m.user_id = sub.user_id offset 0
          )
          and not exists (select 1 from public.lesson_access x where x.user_id = sub.user_id and x.lesson_id = a.lesson_id offset 0)
        )
    ) lw on true
    where s.user_id not in (select user_id from passed_lately)
  ),
  judged as (
    select l.*, greatest(l.last_opened_at, l.passed_at, l.submitted_at) as last_active_at,
      case
        when greatest(l.last_opened_at, l.passed_at, l.submitted_at) is null then 'not_started'
        when greatest(l.last_opened_at, l.passed_at, l.submitted_at) < (select at from week_ago) then 'idle'
        when coalesce(l.passed_at < (select at from week_ago), true) and l.lesson_id is not null and l.lesson_passed_at is null then 'stuck'
      end as reason
    from latest l
  ),
  at_risk as materialized (select * from judged j where j.reason is not null)
  select case when (select public.is_reviewer()) then jsonb_build_object(
    'students', (select count(*) from students),
    'total', (select count(*) from at_risk),
    'idle', (select count(*) from at_risk where reason = 'idle'),
    'not_started', (select count(*) from at_risk where reason = 'not_started'),
    'stuck', (select count(*) from at_risk where reason = 'stuck'),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', r.user_id, 'full_name', p.full_name, 'email', p.email, 'reason', r.reason,
        'last_active_at', r.last_active_at, 'passed_at', r.passed_at,
        'lesson_title', le.title, 'item_title', le.item_title
      ) order by r.last_active_at nulls last, p.email)
      from (
        select * from at_risk order by last_active_at nulls last, user_id limit greatest(1, least(_limit, 10000))
      ) r
      join public.profiles p on p.id = r.user_id
      left join lessons le on le.id = r.lesson_id
    ), '[]'::jsonb)
  ) end;
$$;

CREATE OR REPLACE FUNCTION public.analytics_funnel(_item_id uuid DEFAULT NULL::uuid, _group_id uuid DEFAULT NULL::uuid, _track text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    SET work_mem TO '32MB'
    AS $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  lessons as materialized (select l.* from public.analytics_lessons(_track) l),
  items as (
    select l.item_id as id, min(l.item_title) as title, min(l.track) as track, min(l.item_order) as item_order
    from lessons l group by l.item_id
  ),
  chosen as (
    select i.id from items i order by i.id is distinct from _item_id, i.track = 'product', i.item_order, i.title limit 1
  ),
  steps as materialized (select l.id, l.title, l.lesson_position from lessons l where l.item_id = (select id from chosen)),
  -- Only the chosen item's lessons are asked about: a few of the school's hidden pairs.
  hidden as materialized (
    select a.user_id, a.lesson_id from public.lesson_access a
    where not a.is_visible and a.lesson_id in (select id from steps)
      and (a.user_id in (select user_id from students)) is true
    union all
    select m.user_id, g.lesson_id
    from public.group_lesson_access g join public.current_group_members m on m.group_id = g.group_id
    where not g.is_visible and g.lesson_id in (select id from steps)
      and (m.user_id in (select user_id from students)) is true
      and not exists (
        select 1 from public.group_lesson_access v join public.current_group_members s on s.group_id = v.group_id
        where v.lesson_id = g.lesson_id and v.is_visible and s.user_id = m.user_id offset 0
      )
      and not exists (select 1 from public.lesson_access p where p.user_id = m.user_id and p.lesson_id = g.lesson_id offset 0)
  ),
  reached as (
    select p.lesson_id, count(*) as opened, count(*) filter (where p.completed_at is not null) as passed
    from public.lesson_progress p
    where p.lesson_id in (select id from steps)
      and (p.last_opened_at is not null or p.completed_at is not null)
      and (p.user_id in (select user_id from students)) is true
      and ((p.user_id, p.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)) is true
    group by p.lesson_id
  )
  select case when (select public.is_reviewer()) then jsonb_build_object(
    'students', (select count(*) from students),
    'item_id', (select id from chosen),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object('id', i.id, 'title', i.title, 'track', i.track) order by i.track = 'product', i.item_order, i.title)
      from items i
    ), '[]'::jsonb),
    'lessons', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', s.id, 'title', s.title, 'position', s.lesson_position,
        'opened', coalesce(r.opened, 0), 'passed', coalesce(r.passed, 0)
      ) order by s.lesson_position)
      from steps s left join reached r on r.lesson_id = s.id
    ), '[]'::jsonb)
  ) end;
$$;

CREATE OR REPLACE FUNCTION public.analytics_homework(_group_id uuid DEFAULT NULL::uuid, _track text DEFAULT NULL::text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET jit TO 'off'
    SET work_mem TO '32MB'
    AS $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  -- Only the lessons with homework matter: the hidden pairs are asked about those alone.
  tasks as materialized (
    select a.id, a.lesson_id from public.assignments a
    where a.lesson_id in (select l.id from public.analytics_lessons(_track) l)
  ),
  hidden as materialized (
    select a.user_id, a.lesson_id from public.lesson_access a
    where not a.is_visible and (a.lesson_id in (select lesson_id from tasks)) is true
      and (a.user_id in (select user_id from students)) is true
    union all
    select m.user_id, g.lesson_id
    from public.group_lesson_access g
    cross join lateral (select m.user_id from public.current_group_members m where m.group_id = g.group_id offset 0) m
    where not g.is_visible and g.lesson_id in (select lesson_id from tasks)
      and (m.user_id in (select user_id from students)) is true
      and not exists (
        select 1 from public.group_lesson_access v join public.current_group_members s on s.group_id = v.group_id
        where v.lesson_id = g.lesson_id and v.is_visible and s.user_id = m.user_id offset 0
      )
      and not exists (select 1 from public.lesson_access p where p.user_id = m.user_id and p.lesson_id = g.lesson_id offset 0)
  ),
  since as (select (((now() at time zone 'Europe/Moscow')::date - 29)::timestamp at time zone 'Europe/Moscow') as at),
  waiting as (
    select s.submitted_at
    from public.submissions s join tasks a on a.id = s.assignment_id
    where s.status = 'submitted'
      and (s.user_id in (select user_id from students)) is true
      and ((s.user_id, a.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)) is true
  ),
  answered as materialized (
    select s.reviewer_id, s.status, extract(epoch from s.reviewed_at - s.submitted_at) / 60 as minutes
    from public.submissions s join tasks a on a.id = s.assignment_id
    where s.reviewed_at >= (select at from since) and s.status in ('accepted', 'returned')
      and (s.user_id in (select user_id from students)) is true
      and ((s.user_id, a.lesson_id) not in (select h.user_id, h.lesson_id from hidden h)) is true
  ),
  waiting_now as (select count(*) as n, min(w.submitted_at) as oldest from waiting w)
  select case when (select public.is_reviewer()) then jsonb_build_object(
    'waiting', (select n from waiting_now),
    'oldest_waiting_at', (select oldest from waiting_now),
    'answered', (select count(*) from answered),
    'returned', (select count(*) from answered where status = 'returned'),
    'median_minutes', (select percentile_cont(0.5) within group (order by minutes) from answered),
    'reviewers', coalesce((
      select jsonb_agg(r order by r.answered desc, r.name)
      from (
        select a.reviewer_id as id, coalesce(nullif(btrim(p.full_name), ''), p.email) as name,
          a.answered, a.returned, a.median_minutes
        from (
          select x.reviewer_id, count(*) as answered, count(*) filter (where x.status = 'returned') as returned,
            percentile_cont(0.5) within group (order by x.minutes) as median_minutes
          from answered x group by x.reviewer_id
        ) a
        left join public.profiles p on p.id = a.reviewer_id
      ) r
    ), '[]'::jsonb)
  ) end;
$$;

CREATE OR REPLACE FUNCTION public.analytics_students(_group_id uuid) RETURNS TABLE(user_id uuid)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  -- Staff: whoever holds a role above student (profiles.role names admins only, not curators).
  with staff as materialized (select s.user_id from public.role_holders('{admin,curator}') s)
  select p.id from public.profiles p
  where _group_id is null and p.role = 'student' and (select public.user_is_admin(auth.uid()))
    and p.id not in (select user_id from staff)
  union all
  select m.user_id from public.current_group_members m
  where m.group_id = _group_id and (select public.user_is_admin(auth.uid()))
    and m.user_id not in (select user_id from staff)
  union all
  select distinct m.user_id
  from public.group_curators c
  join public.current_group_members m on m.group_id = c.group_id
  where c.user_id = auth.uid() and (_group_id is null or c.group_id = _group_id)
    and (select public.holds_any_role(auth.uid(), '{curator}'))
    and not (select public.user_is_admin(auth.uid()))
    and m.user_id not in (select user_id from staff);
$$;

CREATE OR REPLACE FUNCTION public.groups_overview() RETURNS TABLE(id uuid, name text, created_at timestamp with time zone, member_count integer)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select g.id, g.name, g.created_at,
    (select count(*) from public.current_group_members m where m.group_id = g.id)::integer
  from public.groups g
  order by g.created_at desc, g.id;
$$;

CREATE OR REPLACE FUNCTION public.may_review(_reviewer_id uuid, _student_id uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select public.may_ask_about(_reviewer_id) and (
    public.user_is_admin(_reviewer_id)
    or (
      public.holds_any_role(_reviewer_id, '{curator}')
      and exists (
        select 1
        from public.group_curators c
        join public.current_group_members m on m.group_id = c.group_id
        where c.user_id = _reviewer_id and m.user_id = _student_id
      )
    )
  );
$$;

CREATE OR REPLACE FUNCTION public.notify_access_opened() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  item_kind text := case
    when tg_table_name like '%tool_access' then 'tool'
    when tg_table_name like '%module_access' then 'module'
    else 'lesson' end;
  pairs jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_object('user_id', coalesce((g.row ->> 'user_id')::uuid, m.user_id),
      'kind', item_kind, 'item_id', g.row ->> (item_kind || '_id'))), '[]')
  into pairs
  from (select to_jsonb(n) as row from changed_rows n) g
  left join public.current_group_members m on m.group_id = (g.row ->> 'group_id')::uuid
  where (g.row ->> 'is_unlocked')::boolean
    and (g.row ->> 'unlock_at' is null or (g.row ->> 'unlock_at')::timestamptz <= now())
    and coalesce((g.row ->> 'user_id')::uuid, m.user_id) is not null;
  if jsonb_array_length(pairs) > 0 then
    perform public.notify_openings(pairs, 'access_opened');
  end if;
  return null;
end;
$$;

CREATE OR REPLACE FUNCTION public.notify_review_waiting() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  curator uuid;
begin
  for curator in
    select distinct c.user_id from public.group_curators c
    join public.current_group_members m on m.group_id = c.group_id
    where m.user_id = new.user_id and c.user_id <> new.user_id
  loop
    perform pg_advisory_xact_lock(hashtextextended('review_waiting:' || curator::text, 0));
    update public.notifications n
    set payload = jsonb_set(n.payload, '{count}', to_jsonb(coalesce((n.payload ->> 'count')::integer, 0) + 1)),
      read_at = null
    where n.id = (
      select x.id from public.notifications x
      where x.user_id = curator and x.kind = 'review_waiting' and x.created_at > now() - interval '1 hour'
      order by x.created_at desc limit 1
    );
    if not found then
      insert into public.notifications (user_id, kind, payload) values (curator, 'review_waiting', '{"count": 1}');
    end if;
  end loop;
  return null;
end;
$$;

CREATE OR REPLACE FUNCTION public.notify_scheduled_openings() RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  since timestamptz;
  scanned timestamptz := now();
  pairs jsonb;
begin
  select s.scanned_until into since from public.notification_scan s where s.id for update;
  with passed as (
    select a.user_id, 'tool' as kind, a.tool_id as item_id from public.tool_access a
    where a.is_unlocked and a.unlock_at > since and a.unlock_at <= scanned
    union all
    select a.user_id, 'module', a.module_id from public.module_access a
    where a.is_unlocked and a.unlock_at > since and a.unlock_at <= scanned
    union all
    select a.user_id, 'lesson', a.lesson_id from public.lesson_access a
    where a.is_unlocked and a.unlock_at > since and a.unlock_at <= scanned
    union all
    select m.user_id, 'tool', g.tool_id from public.group_tool_access g
    join public.current_group_members m on m.group_id = g.group_id
    where g.is_unlocked and g.unlock_at > since and g.unlock_at <= scanned
    union all
    select m.user_id, 'module', g.module_id from public.group_module_access g
    join public.current_group_members m on m.group_id = g.group_id
    where g.is_unlocked and g.unlock_at > since and g.unlock_at <= scanned
    union all
    select m.user_id, 'lesson', g.lesson_id from public.group_lesson_access g
    join public.current_group_members m on m.group_id = g.group_id
    where g.is_unlocked and g.unlock_at > since and g.unlock_at <= scanned
  )
  select coalesce(jsonb_agg(jsonb_build_object('user_id', p.user_id, 'kind', p.kind, 'item_id', p.item_id)), '[]')
  into pairs from passed p;
  -- The table holds one row (its key is `true`); pg-safeupdate asks every UPDATE to say which.
  update public.notification_scan set scanned_until = scanned where id;
  if jsonb_array_length(pairs) = 0 then
    return 0;
  end if;
  return public.notify_openings(pairs, 'item_unlocked');
end;
$$;

CREATE OR REPLACE FUNCTION public.review_queue(_status public.submission_status DEFAULT 'submitted'::public.submission_status, _group_id uuid DEFAULT NULL::uuid, _track text DEFAULT NULL::text, _item_id uuid DEFAULT NULL::uuid, _lesson_id uuid DEFAULT NULL::uuid, _limit integer DEFAULT 50, _offset integer DEFAULT 0) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
declare
  everyone constant boolean := public.user_is_admin(auth.uid());
  by_lesson constant boolean := _lesson_id is not null or _item_id is not null or _track is not null;
begin
  return (
    with matching as materialized (
      select s.id, s.submitted_at
      from public.submissions s
      where (everyone or s.user_id in (select user_id from public.reviewed_student_ids()))
        and (_status is null or s.status = _status)
        and (not by_lesson or exists (
          select 1 from public.assignments a join public.lessons l on l.id = a.lesson_id
          where a.id = s.assignment_id
            and (_lesson_id is null or a.lesson_id = _lesson_id)
            and (_item_id is null or l.tool_id = _item_id or l.course_module_id = _item_id)
            and (_track is null or (_track = 'tech' and l.tool_id is not null) or (_track = 'product' and l.course_module_id is not null))
        ))
        and (_group_id is null or s.user_id in (select m.user_id from public.current_group_members m where m.group_id = _group_id))
        -- A work's latest attempt only: an attempt returned and handed in again is not «на доработке».
        and (s.status = 'submitted' or not exists (
          select 1 from public.submissions newer where newer.assignment_id = s.assignment_id and newer.user_id = s.user_id and newer.attempt > s.attempt
        ))
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
    )
  );
end;
$$;

CREATE OR REPLACE FUNCTION public.reviewed_student_ids() RETURNS TABLE(user_id uuid)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select m.user_id
  from public.group_curators c
  join public.current_group_members m on m.group_id = c.group_id
  where c.user_id = auth.uid() and public.holds_any_role(auth.uid(), '{curator}');
$$;

-- What an order or a promo code gives, and takes back: only these functions write those rows.
create function public.grant_membership(_group_id uuid, _user_id uuid, _source public.membership_source, _ref text, _expires_at timestamptz)
  returns uuid
  language plpgsql
  set search_path = ''
as $$
declare
  membership uuid;
begin
  if _source = 'manual' then
    raise exception 'A membership by hand is added by an admin, not granted' using errcode = '22023';
  end if;
  insert into public.group_members (group_id, user_id, source, source_ref, expires_at)
  values (_group_id, _user_id, _source, _ref, _expires_at)
  on conflict (group_id, user_id, source, source_ref) do update set expires_at = excluded.expires_at
  returning id into membership;
  return membership;
end;
$$;

comment on function public.grant_membership(uuid, uuid, public.membership_source, text, timestamptz) is 'Puts _user_id into _group_id because of an order or a promo code (_source, _ref) until _expires_at (never, when null); asked again for the same reason it only moves the end, so a repeated payment notification changes nothing. Answers the membership''s id. Service role only: the payment and promo functions call it.';

create function public.end_memberships(_source public.membership_source, _ref text) returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  ended integer;
begin
  if _source = 'manual' then
    raise exception 'A membership by hand is removed by an admin' using errcode = '22023';
  end if;
  delete from public.group_members m where m.source = _source and m.source_ref = _ref;
  get diagnostics ended = row_count;
  return ended;
end;
$$;

comment on function public.end_memberships(public.membership_source, text) is 'Takes back exactly the memberships one order or promo code (_source, _ref) gave, and nothing an admin or another order gave: a refund or a cancelled code calls it. Answers how many ended. Service role only.';

revoke all on function public.grant_membership(uuid, uuid, public.membership_source, text, timestamptz) from public;
revoke all on function public.end_memberships(public.membership_source, text) from public;
grant execute on function public.grant_membership(uuid, uuid, public.membership_source, text, timestamptz) to service_role;
grant execute on function public.end_memberships(public.membership_source, text) to service_role;
