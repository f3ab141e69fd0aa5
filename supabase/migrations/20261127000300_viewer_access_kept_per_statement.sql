-- A student page still computed its viewer's access 5–14 times (each table's policy, each
-- can_open_lesson, each lesson list), about 0.4 ms each at 10,000 students. viewer_access_ids
-- answers which items of a kind have a decision, which are open and which are visible; the
-- viewer's own answer is computed once per statement and kept, in a transaction-local setting
-- keyed by the statement's start and the user, for the rest of that statement.
-- Only the viewer's own access is kept (user = auth.uid()): nothing a student's statement does
-- changes their own access, while the statements that do change access (an admin's write and
-- the triggers that announce it) ask about other people, and those answers are never kept.

create function public.viewer_access_ids(_user_id uuid, _kind text, out decided uuid[], out unlocked uuid[], out visible uuid[])
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  kept constant boolean := _user_id = auth.uid() and _kind in ('module', 'tool', 'lesson');
  stamp constant text := statement_timestamp()::text || ' ' || _user_id::text || '=';
  memo text;
begin
  if kept then
    memo := current_setting('access.' || _kind, true);
    if starts_with(memo, stamp) then
      memo := substr(memo, length(stamp) + 1);
      decided := split_part(memo, ';', 1)::uuid[];
      unlocked := split_part(memo, ';', 2)::uuid[];
      visible := split_part(memo, ';', 3)::uuid[];
      return;
    end if;
  end if;
  select coalesce(array_agg(e.item_id), '{}'),
    coalesce(array_agg(e.item_id) filter (where e.is_unlocked), '{}'),
    coalesce(array_agg(e.item_id) filter (where e.is_visible), '{}')
  into decided, unlocked, visible
  from public.effective_access_of(_user_id, _kind, null) e;
  if kept then
    perform set_config('access.' || _kind, stamp || decided::text || ';' || unlocked::text || ';' || visible::text, true);
  end if;
end;
$$;

revoke all on function public.viewer_access_ids(uuid, text) from public;
grant execute on function public.viewer_access_ids(uuid, text) to authenticated, service_role;

-- The hidden list and one item's access read the kept answer; the hidden list needs no memo of its own.
create or replace function public.hidden_item_ids(_user_id uuid, _kind text) returns uuid[]
    language sql stable security definer
    set search_path to ''
    as $$
  select coalesce(array_agg(id), '{}')
  from public.viewer_access_ids(_user_id, _kind) a, unnest(a.decided) id
  where not id = any(a.visible);
$$;

create or replace function public.effective_item(_user_id uuid, _kind text, _item_id uuid)
returns table(is_unlocked boolean, is_visible boolean)
    language sql stable
    set search_path to ''
    as $$
  select _item_id = any(a.unlocked), _item_id = any(a.visible)
  from public.viewer_access_ids(_user_id, _kind) a
  where _item_id = any(a.decided);
$$;
