-- The school keeps at least one admin (issue 41). The settings page refused the last admin's
-- account deletion by reading the admins and then deleting through Auth, with nothing between
-- the two: two admins deleting their accounts at once each saw the other and both went. The rule
-- now lives where every removal passes, a trigger on user_roles (an Auth user's deletion cascades
-- to its roles), and it holds a lock while it counts.

create function public.keep_an_admin()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if old.role <> 'admin' or (tg_op = 'UPDATE' and new.role = 'admin') then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  -- Two removals at once would each count the other admin, not yet gone. SHARE UPDATE EXCLUSIVE
  -- conflicts with itself but not with the row writes the removals already hold, so the second
  -- waits here without a deadlock until the first commits, then counts again and sees it gone.
  lock table public.user_roles in share update exclusive mode;
  if not exists (select 1 from public.user_roles r where r.role = 'admin' and r.id <> old.id) then
    raise exception 'the school keeps at least one admin' using errcode = 'P0001', hint = 'last_admin';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

comment on function public.keep_an_admin() is
  'Trigger on user_roles: refuses to delete (or change away from admin) the last admin role, under a lock that makes concurrent removals count one after the other.';

revoke all on function public.keep_an_admin() from public;

create trigger user_roles_keep_an_admin
  before delete or update of role on public.user_roles
  for each row execute function public.keep_an_admin();
