-- Since …1500 the viewer's one computation per statement keeps each kind's hidden list as well, yet
-- hidden_item_ids still worked the list out again from the three full lists and kept it a second
-- time. It now reads what viewer_access_ids keeps, and computes only for someone else.

create or replace function public.hidden_item_ids(_user_id uuid, _kind text) returns uuid[]
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
declare
  kept constant boolean := _user_id = auth.uid() and _kind in ('module', 'tool', 'lesson');
  stamp constant text := statement_timestamp()::text || ' ' || _user_id::text || '=';
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
