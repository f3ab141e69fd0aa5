-- Consent to personal-data processing (152-FZ): who agreed to which policy version, and when.
-- The sign-up form sends the policy version in the user metadata; the sign-up trigger records it
-- with the database's clock, in the same transaction that creates the user.

create table public.privacy_consents (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  policy_version text not null check (length(policy_version) between 1 and 50),
  accepted_at timestamptz not null default now()
);

create index privacy_consents_user_idx on public.privacy_consents (user_id);

alter table public.privacy_consents enable row level security;

create policy "Users read their own consents" on public.privacy_consents
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins read all consents" on public.privacy_consents
  for select to authenticated using ((select public.has_role(auth.uid(), 'admin')));

-- Only the trigger writes consents: no API role may forge or erase one.
revoke insert, update, delete, truncate on public.privacy_consents from anon, authenticated;

create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  consented_version text := nullif(trim(new.raw_user_meta_data ->> 'privacy_policy_version'), '');
begin
  insert into public.profiles (id, email, full_name)
  values (new.id, new.email, nullif(trim(new.raw_user_meta_data ->> 'full_name'), ''));
  insert into public.user_roles (user_id, role) values (new.id, 'student');
  if consented_version is not null then
    insert into public.privacy_consents (user_id, policy_version) values (new.id, left(consented_version, 50));
  end if;
  return new;
end;
$$;
