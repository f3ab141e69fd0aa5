-- «Настройки»: a person renames themselves; nothing else of their profile is theirs to write (the
-- e-mail follows Auth's, the role follows user_roles). Every other write to profiles runs in a
-- security-definer function. `not valid`: names given at sign-up before this may be longer.
revoke update on public.profiles from anon, authenticated;
grant update (full_name) on public.profiles to authenticated;
create policy "Users rename themselves" on public.profiles
  for update to authenticated using (id = (select auth.uid())) with check (id = (select auth.uid()));
alter table public.profiles add constraint profiles_full_name_length
  check (full_name is null or char_length(full_name) between 1 and 100) not valid;
