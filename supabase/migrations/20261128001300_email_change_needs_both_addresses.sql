-- An address change needs both addresses (issue 41). The project confirms sign-ups at once
-- (config.toml: enable_confirmations = false, as docs/product.md wants sign-up to lead straight to
-- /dashboard), and with that setting Supabase Auth completes a secure email change on the FIRST
-- link followed (verify.go, emailChangeVerify: the double confirmation applies only when
-- !Mailer.Autoconfirm), even the one mailed to the OLD address: a signed-in account could take an
-- address it does not own. Auth has no setting that keeps sign-ups unconfirmed-but-signed-in and
-- also asks both links, so the school asks both itself:
--
-- 1. Each link of the change (Auth's own e-mails, to the old and to the new address) lands on the
--    app's /auth/confirm, which first records it here with prove_email_change(token hash): the
--    hash Auth stored for that address in auth.users is the proof that the person holds that
--    mailbox. Only when both are recorded does the app hand the link to Auth.
-- 2. A trigger on auth.users refuses the change itself unless both hashes were recorded, so a
--    link followed straight at /auth/v1/verify (or a code posted there) completes nothing: Auth
--    answers 500 «Error confirm email» and rolls back, leaving the request pending.
--
-- When Auth itself asks both links (confirmations on: the first link sets
-- email_change_confirm_status = 1) or only the new address (secure email change off: no current
-- token), the trigger leaves Auth's answer as it is.

create table public.email_change_proofs (
  user_id uuid not null references auth.users (id) on delete cascade,
  token_hash text not null check (char_length(token_hash) between 1 and 200),
  proven_at timestamptz not null default now(),
  primary key (user_id, token_hash)
);

comment on table public.email_change_proofs is
  'Links of a pending e-mail change that were followed through the app: one row per address proven (the token hash Auth mailed to it). Nobody reads or writes it through the API; prove_email_change records, the auth.users trigger checks.';

alter table public.email_change_proofs enable row level security;
revoke all on table public.email_change_proofs from public, anon, authenticated;
grant select, insert, update, delete on table public.email_change_proofs to service_role;

create function public.email_change_is_proven(_user_id uuid, _current text, _new text)
  returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(_new, '') <> ''
    and exists (select 1 from public.email_change_proofs p where p.user_id = _user_id and p.token_hash = _new)
    and (coalesce(_current, '') = ''
      or exists (select 1 from public.email_change_proofs p where p.user_id = _user_id and p.token_hash = _current));
$$;

comment on function public.email_change_is_proven(uuid, text, text) is
  'Whether both links of a user''s pending e-mail change were followed through the app: the new address''s token hash and, when Auth mailed the current address too, its token hash.';

revoke all on function public.email_change_is_proven(uuid, text, text) from public;

create function public.prove_email_change(_token_hash text)
  returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  target auth.users;
  side text;
begin
  if coalesce(_token_hash, '') = '' then
    return null;
  end if;
  select * into target from auth.users u
  where coalesce(u.email_change, '') <> ''
    and (u.email_change_token_current = _token_hash or u.email_change_token_new = _token_hash)
  limit 1;
  if not found then
    return null;
  end if;
  side := case when target.email_change_token_current = _token_hash then 'current' else 'new' end;
  -- Only the pending change's links count: a new request replaces both hashes.
  delete from public.email_change_proofs p
  where p.user_id = target.id
    and p.token_hash not in (coalesce(target.email_change_token_current, ''), coalesce(target.email_change_token_new, ''));
  insert into public.email_change_proofs (user_id, token_hash) values (target.id, _token_hash) on conflict do nothing;
  return jsonb_build_object(
    'side', side,
    'complete', public.email_change_is_proven(target.id, target.email_change_token_current, target.email_change_token_new));
end;
$$;

comment on function public.prove_email_change(text) is
  'Records that the link of a pending e-mail change with this token hash (Auth''s, mailed to the old or the new address) was followed. Answers which address it proved (current or new) and whether both are now proven, or null for a hash of no pending change. Anyone holding a link may call it: the hash itself is the proof.';

revoke all on function public.prove_email_change(text) from public;
grant execute on function public.prove_email_change(text) to anon, authenticated, service_role;

create function public.email_change_state()
  returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object(
    'new_email', nullif(u.email_change, ''),
    'current_proven', coalesce(u.email_change_token_current, '') <> ''
      and exists (select 1 from public.email_change_proofs p where p.user_id = u.id and p.token_hash = u.email_change_token_current),
    'new_proven', coalesce(u.email_change_token_new, '') <> ''
      and exists (select 1 from public.email_change_proofs p where p.user_id = u.id and p.token_hash = u.email_change_token_new))
  from auth.users u
  where u.id = auth.uid();
$$;

comment on function public.email_change_state() is
  'The caller''s pending e-mail change, for «Настройки»: the new address (or null) and which of its two links were followed through the app.';

revoke all on function public.email_change_state() from public;
grant execute on function public.email_change_state() to authenticated;

create function public.hold_email_change()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if coalesce(old.email_change, '') = ''
    or coalesce(old.email, '') = ''
    or lower(new.email) is distinct from lower(old.email_change)
    or old.email_change_confirm_status <> 0
    or coalesce(old.email_change_token_current, '') = ''
  then
    return new;
  end if;
  if not public.email_change_is_proven(old.id, old.email_change_token_current, old.email_change_token_new) then
    raise exception 'an e-mail change needs the links of both addresses'
      using errcode = 'P0001', hint = 'email_change_unproven';
  end if;
  delete from public.email_change_proofs p where p.user_id = old.id;
  return new;
end;
$$;

comment on function public.hold_email_change() is
  'Trigger on auth.users: refuses to complete a pending e-mail change (email set to email_change) unless both of its links were followed through the app (prove_email_change), whichever way the completion reaches Auth; Auth''s own double confirmation (confirmations on) and a change that mails only the new address pass as Auth decides.';

revoke all on function public.hold_email_change() from public;

create trigger on_auth_user_email_change_held
  before update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function public.hold_email_change();
