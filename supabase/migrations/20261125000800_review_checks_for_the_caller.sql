-- may_review answers only about the caller as reviewer (or to an admin and the service role), so
-- nobody can ask which curator reviews which student. Admins may remove homework files (an
-- assignment deleted leaves its students' files behind otherwise). An assignment's updated_at moves.

create or replace function public.may_review(_reviewer_id uuid, _student_id uuid) returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select public.may_ask_about(_reviewer_id) and (
    public.user_is_admin(_reviewer_id)
    or (
      public.holds_any_role(_reviewer_id, '{curator}')
      and exists (
        select 1
        from public.group_curators c
        join public.group_members m on m.group_id = c.group_id
        where c.user_id = _reviewer_id and m.user_id = _student_id
      )
    )
  );
$$;

create policy "Admins remove homework files" on storage.objects
  for delete to authenticated
  using (bucket_id = 'homework' and (select public.is_admin()));

create function public.touch_updated_at() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger assignments_touch_updated_at before update on public.assignments
  for each row execute function public.touch_updated_at();
