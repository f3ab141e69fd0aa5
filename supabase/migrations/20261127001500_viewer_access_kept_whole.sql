-- What remained of a student page's time at 10,000 students was asking the viewer's access again
-- in other shapes within the statement: each lesson list computed the lesson kind once more for the
-- dates lessons open, and the first ask of each kind's hidden list parsed the three full lists.
-- The one computation per statement now also keeps the opening dates and each kind's hidden list.

drop function public.viewer_access_ids(uuid, text);

create function public.viewer_access_ids(
  _user_id uuid, _kind text, out decided uuid[], out unlocked uuid[], out visible uuid[], out opening jsonb
)
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
declare
  kept constant boolean := _user_id = auth.uid() and _kind in ('module', 'tool', 'lesson');
  stamp constant text := statement_timestamp()::text || ' ' || _user_id::text || '=';
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

revoke all on function public.viewer_access_ids(uuid, text) from public, anon;
grant execute on function public.viewer_access_ids(uuid, text) to authenticated, service_role;

create or replace function public.lesson_list(_lesson_ids uuid[], _user_id uuid) returns jsonb
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
declare
  access record := public.viewer_access_ids(_user_id, 'lesson');
begin
  return (
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
          'opens_at', access.opening -> id::text
        ) order by id)
        from unnest(access.decided) id
        where id = any(_lesson_ids)
      ), '[]'::jsonb),
      'completed', coalesce((
        select jsonb_agg(p.lesson_id order by p.lesson_id)
        from public.lesson_progress p
        where p.user_id = _user_id and p.lesson_id = any(_lesson_ids) and p.completed_at is not null
      ), '[]'::jsonb),
      'held', to_jsonb(public.held_lesson_ids(_user_id, _lesson_ids))
    )
  );
end;
$$;
