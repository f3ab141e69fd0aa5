-- Kept answers never outlive a write (issue 44). can_open_lesson, viewer_access_ids and
-- hidden_item_ids keep the viewer's answers for the rest of one statement, stamped with the
-- statement's start: a function that granted access and then asked, in one call, read the answer
-- kept before its grant. Every write to a table the access rule reads now counts in access.writes,
-- and the stamp carries that count, so a write makes every kept answer a stranger.

create function public.kept_access_stamp(_user_id uuid) returns text
  language sql stable
  set search_path = ''
as $$
  select statement_timestamp()::text || ' ' || coalesce(current_setting('access.writes', true), '') || ' ' || _user_id::text || '=';
$$;

comment on function public.kept_access_stamp(uuid) is 'The stamp a kept access answer carries, and must still carry to be served again: this statement, the count of writes to the access rule''s tables so far in this transaction (access.writes, counted by forget_kept_access), and the person it is about.';

create function public.forget_kept_access() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  perform set_config('access.writes', (coalesce(nullif(current_setting('access.writes', true), ''), '0')::bigint + 1)::text, true);
  return null;
end;
$$;

comment on function public.forget_kept_access() is 'Trigger (after each statement writing a table the access rule reads): counts the write in access.writes, which kept_access_stamp puts into every kept answer''s stamp, so an answer kept before the write is never served after it.';

revoke all on function public.forget_kept_access() from public;
revoke all on function public.kept_access_stamp(uuid) from public;
grant execute on function public.kept_access_stamp(uuid) to authenticated, service_role;

do $$
declare
  rule_table text;
begin
  foreach rule_table in array array[
    'module_access', 'tool_access', 'lesson_access', 'group_module_access', 'group_tool_access', 'group_lesson_access',
    'group_members', 'groups', 'course_modules', 'tech_tools', 'modules', 'lessons', 'assignments', 'submissions', 'user_roles'
  ] loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on public.%I for each statement execute function public.forget_kept_access()',
      rule_table || '_forget_kept_access', rule_table);
  end loop;
end;
$$;

CREATE OR REPLACE FUNCTION public.can_open_lesson(_user_id uuid, _lesson_id uuid) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  kept constant boolean := _user_id = auth.uid() and _lesson_id is not null;
  stamp constant text := public.kept_access_stamp(_user_id);
  memo text := case when kept then current_setting('access.can_open', true) end;
  known text;
  answer boolean;
begin
  if starts_with(memo, stamp) then
    known := substring(memo from ' ' || _lesson_id::text || ':([tfn])');
    if known is not null then
      return case known when 't' then true when 'f' then false end;
    end if;
  else
    memo := stamp;
  end if;
  answer := public.decide_can_open_lesson(_user_id, _lesson_id);
  if kept then
    perform set_config('access.can_open', memo || ' ' || _lesson_id::text || ':' || case when answer then 't' when not answer then 'f' else 'n' end, true);
  end if;
  return answer;
end;
$$;

CREATE OR REPLACE FUNCTION public.viewer_access_ids(_user_id uuid, _kind text, OUT decided uuid[], OUT unlocked uuid[], OUT visible uuid[], OUT opening jsonb) RETURNS record
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
declare
  kept constant boolean := _user_id = auth.uid() and _kind in ('module', 'tool', 'lesson');
  stamp constant text := public.kept_access_stamp(_user_id);
  memo text;
  each_kind record;
begin
  if not kept then
    select coalesce(array_agg(e.item_id order by e.item_id), '{}'),
      coalesce(array_agg(e.item_id order by e.item_id) filter (where e.is_unlocked), '{}'),
      coalesce(array_agg(e.item_id order by e.item_id) filter (where e.is_visible), '{}'),
      coalesce(jsonb_object_agg(e.item_id, e.opens_at) filter (where e.opens_at is not null), '{}')
    into decided, unlocked, visible, opening
    from public.effective_access_of(_user_id, _kind, null) e;
    return;
  end if;
  memo := current_setting('access.' || _kind, true);
  if memo is null or not starts_with(memo, stamp) then
    -- One computation answers all three kinds: a page asks about each of them.
    for each_kind in
      select k.kind,
        coalesce(array_agg(e.item_id order by e.item_id) filter (where e.item_id is not null), '{}') as decided,
        coalesce(array_agg(e.item_id order by e.item_id) filter (where e.is_unlocked), '{}') as unlocked,
        coalesce(array_agg(e.item_id order by e.item_id) filter (where e.is_visible), '{}') as visible,
        coalesce(array_agg(e.item_id order by e.item_id) filter (where not e.is_visible), '{}') as hidden,
        coalesce(jsonb_object_agg(e.item_id, e.opens_at) filter (where e.opens_at is not null), '{}') as opening
      from unnest(array['module', 'tool', 'lesson']) k(kind)
      left join public.effective_access_of(_user_id, null, null) e on e.kind = k.kind
      group by k.kind
    loop
      perform set_config('access.' || each_kind.kind,
        stamp || each_kind.decided::text || ';' || each_kind.unlocked::text || ';' || each_kind.visible::text || ';' || each_kind.opening::text, true);
      perform set_config('access.hidden_' || each_kind.kind, stamp || each_kind.hidden::text, true);
    end loop;
    memo := current_setting('access.' || _kind, true);
  end if;
  memo := substr(memo, length(stamp) + 1);
  decided := split_part(memo, ';', 1)::uuid[];
  unlocked := split_part(memo, ';', 2)::uuid[];
  visible := split_part(memo, ';', 3)::uuid[];
  opening := split_part(memo, ';', 4)::jsonb;
end;
$$;

CREATE OR REPLACE FUNCTION public.hidden_item_ids(_user_id uuid, _kind text) RETURNS uuid[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
declare
  kept constant boolean := _user_id = auth.uid() and _kind in ('module', 'tool', 'lesson');
  stamp constant text := public.kept_access_stamp(_user_id);
  memo text;
  access record;
begin
  if kept then
    memo := current_setting('access.hidden_' || _kind, true);
    if memo is null or not starts_with(memo, stamp) then
      perform public.viewer_access_ids(_user_id, _kind);
      memo := current_setting('access.hidden_' || _kind, true);
    end if;
    return substr(memo, length(stamp) + 1)::uuid[];
  end if;
  access := public.viewer_access_ids(_user_id, _kind);
  return coalesce((select array_agg(id order by id) from unnest(access.decided) id where not id = any (access.visible)), '{}');
end;
$$;
