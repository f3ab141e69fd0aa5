-- A lesson page asked can_open_lesson three times for its one lesson (its text, its materials, its
-- homework each check for themselves), each time computing the stop-lessons before it. The
-- viewer's own answers are kept for the rest of the statement, as their access is (migration
-- …0300, whose reasoning holds here: a student's statement changes neither their access nor
-- whether their work was accepted).
-- The rule moves, unchanged, to decide_can_open_lesson; the policies that named it keep calling it
-- (a policy holds the function itself, not its name), everything else reaches it through here.
alter function public.can_open_lesson(uuid, uuid) rename to decide_can_open_lesson;

create function public.can_open_lesson(_user_id uuid, _lesson_id uuid) returns boolean
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  kept constant boolean := _user_id = auth.uid() and _lesson_id is not null;
  stamp constant text := statement_timestamp()::text || ' ' || _user_id::text || '=';
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

revoke all on function public.can_open_lesson(uuid, uuid) from public;
grant execute on function public.can_open_lesson(uuid, uuid) to authenticated, service_role;
