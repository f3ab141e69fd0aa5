-- A new account's address is proven before anything is sent or linked on its behalf (issue 41).
-- Sign-ups are confirmed at once (config.toml: enable_confirmations = false, so that signing up
-- leads straight to /dashboard, docs/product.md), so Auth never proves the address: someone could
-- register a stranger's e-mail, have the school's welcome e-mail sent to it, and link their own
-- Telegram; after the real owner recovered the account the owner's notifications still went to
-- the intruder's chat.
--
-- Now an account made by a sign-up (its metadata carries the consent the Before User Created hook
-- requires; the school's own accounts, made through the Admin API by scripts, carry none and are
-- the school's word) starts with its address unproven. The app mails a link with a one-time token
-- that only the service role can issue (issue_email_proof), and following it (prove_email) proves
-- the address. Until then:
-- - its e-mail deliveries wait (next_attempt_at = 'infinity': the worker does not claim them and
--   notification_health does not count them as overdue) and leave when the address is proven;
-- - Telegram cannot be linked (create_telegram_link_token refuses, link_telegram links nothing).
-- In-app notifications are the account's own and never wait. A change of address completes only
-- with both addresses proven (migration …1300), so it leaves the new address proven.
-- Accounts made before this migration are left as they were: nothing they have changes.

alter table public.profiles add column email_unproven boolean not null default false;

comment on column public.profiles.email_unproven is
  'True for an account made by a sign-up whose address has not yet been proven by following the link the app mailed (prove_email): its e-mails wait and Telegram cannot be linked.';

create table public.email_proof_tokens (
  token_hash text primary key check (char_length(token_hash) = 64),
  user_id uuid not null references auth.users (id) on delete cascade,
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index email_proof_tokens_user_idx on public.email_proof_tokens (user_id);

comment on table public.email_proof_tokens is
  'The links the app mailed to prove a new account''s address: the SHA-256 of each token (never the token), the address it was sent to and until when it works. Nobody reads or writes it through the API.';

alter table public.email_proof_tokens enable row level security;
revoke all on table public.email_proof_tokens from public, anon, authenticated;
grant select, insert, update, delete on table public.email_proof_tokens to service_role;

create function public.issue_email_proof(_user_id uuid)
  returns text
  language plpgsql security definer
  set search_path = ''
as $$
declare
  target public.profiles;
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  last_sent timestamptz;
begin
  select * into target from public.profiles p where p.id = _user_id for update;
  if not found or not target.email_unproven then
    return null;
  end if;
  select max(t.created_at) into last_sent from public.email_proof_tokens t where t.user_id = _user_id;
  -- One letter a minute, as Supabase Auth's max_frequency for its own letters.
  if last_sent > now() - interval '60 seconds' then
    raise exception 'a proof e-mail was sent less than a minute ago'
      using errcode = 'P0001', hint = 'email_proof_too_soon';
  end if;
  delete from public.email_proof_tokens t where t.user_id = _user_id;
  insert into public.email_proof_tokens (token_hash, user_id, email, expires_at)
  values (encode(sha256(convert_to(token, 'UTF8')), 'hex'), _user_id, target.email, now() + interval '24 hours');
  return token;
end;
$$;

comment on function public.issue_email_proof(uuid) is
  'A new one-time token (valid 24 hours, replacing any earlier one) for the link that proves an account''s address, or null when there is nothing to prove. The service role''s alone: whoever could issue it for themselves could prove an address they do not hold. At most one a minute per account.';

revoke all on function public.issue_email_proof(uuid) from public;
grant execute on function public.issue_email_proof(uuid) to service_role;

create function public.prove_email(_token text)
  returns boolean
  language plpgsql security definer
  set search_path = ''
as $$
declare
  proof public.email_proof_tokens;
begin
  delete from public.email_proof_tokens t
  where t.token_hash = encode(sha256(convert_to(coalesce(_token, ''), 'UTF8')), 'hex') and t.expires_at > now()
  returning * into proof;
  if not found then
    return false;
  end if;
  -- A token mailed to an address the account has since left proves nothing about the current one.
  update public.profiles p set email_unproven = false
  where p.id = proof.user_id and lower(p.email) = lower(proof.email) and p.email_unproven;
  if not found then
    return false;
  end if;
  update public.notification_deliveries d set next_attempt_at = now()
  where d.status = 'pending' and d.channel = 'email' and d.next_attempt_at = 'infinity'
    and d.notification_id in (select n.id from public.notifications n where n.user_id = proof.user_id);
  return true;
end;
$$;

comment on function public.prove_email(text) is
  'Follows the link of a proof e-mail: spends the token and, when it was mailed to the account''s current address, marks the address proven and lets the account''s waiting e-mails go. Answers whether it proved anything. Anyone holding the link may call it: the token is the proof.';

revoke all on function public.prove_email(text) from public;
grant execute on function public.prove_email(text) to anon, authenticated, service_role;

-- As before, plus: an account made by a sign-up starts unproven.
create or replace function public.handle_new_user()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  insert into public.profiles (id, email, full_name, email_unproven)
  values (
    new.id,
    new.email,
    public.clean_full_name(new.raw_user_meta_data ->> 'full_name'),
    new.raw_user_meta_data ? 'privacy_policy_version');
  insert into public.user_roles (user_id, role) values (new.id, 'student');
  if new.raw_user_meta_data ->> 'privacy_policy_version' = public.current_privacy_policy_version() then
    insert into public.privacy_consents (user_id, policy_version) values (new.id, public.current_privacy_policy_version());
  end if;
  return new;
end;
$$;

comment on function public.handle_new_user() is
  'Trigger on auth.users: a new user''s profile (with the metadata''s name only when it follows the form''s rule; its address unproven when it came by a sign-up, which carries the consent), the student role and, when the metadata consents to the current policy, the consent.';

-- As before, plus: a completed change of address leaves the address proven (both addresses were).
create or replace function public.sync_profile_email()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  update public.profiles set email = new.email, email_unproven = false
  where id = new.id and email is distinct from new.email;
  return null;
end;
$$;

comment on function public.sync_profile_email() is
  'Trigger on auth.users: keeps the profile''s address in step with Auth''s. A change completes only with both addresses proven (hold_email_change) or by the school itself (Admin API), so the new address counts as proven.';

-- As before, plus: an e-mail delivery of an unproven address waits until it is proven.
create or replace function public.plan_deliveries()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  unproven boolean := coalesce((select p.email_unproven from public.profiles p where p.id = new.user_id), false);
begin
  insert into public.notification_deliveries (notification_id, channel, next_attempt_at)
  select new.id, c.channel, case when c.channel = 'email' and unproven then 'infinity'::timestamptz else now() end
  from unnest(enum_range(null::public.notification_channel)) c (channel)
  where public.channel_wanted(new.user_id, new.kind, c.channel);
  if found and public.channel_wanted(new.user_id, new.kind, 'email') then
    insert into public.email_unsubscribe_tokens (user_id) values (new.user_id) on conflict do nothing;
  end if;
  return null;
end;
$$;

comment on function public.plan_deliveries() is
  'Trigger on notifications: one delivery per channel the person wants for that kind; an e-mail to an address not yet proven waits (next_attempt_at infinity) until prove_email lets it go.';

-- As before, plus: refused while the address is unproven.
create or replace function public.create_telegram_link_token()
  returns text
  language plpgsql security definer
  set search_path = ''
as $$
declare
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  if auth.uid() is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  if exists (select 1 from public.profiles p where p.id = auth.uid() and p.email_unproven) then
    raise exception 'the address is not proven yet' using errcode = 'P0001', hint = 'email_unproven';
  end if;
  delete from public.telegram_link_tokens where user_id = auth.uid() or expires_at < now();
  insert into public.telegram_link_tokens (token_hash, user_id, expires_at)
  values (encode(sha256(convert_to(token, 'UTF8')), 'hex'), auth.uid(), now() + interval '15 minutes');
  return token;
end;
$$;

comment on function public.create_telegram_link_token() is
  'A one-time token (15 minutes) for the bot''s deep link that links the caller''s Telegram chat; refused while the caller''s address is not proven.';

-- As before, plus: links nothing for an account whose address is unproven.
create or replace function public.link_telegram(_token text, _chat_id bigint, _username text)
  returns uuid
  language plpgsql security definer
  set search_path = ''
as $$
declare
  owner uuid;
begin
  delete from public.telegram_link_tokens
  where token_hash = encode(sha256(convert_to(coalesce(_token, ''), 'UTF8')), 'hex') and expires_at > now()
  returning user_id into owner;
  if owner is null or exists (select 1 from public.profiles p where p.id = owner and p.email_unproven) then
    return null;
  end if;
  delete from public.telegram_links where chat_id = _chat_id and user_id <> owner;
  insert into public.telegram_links (user_id, chat_id, username) values (owner, _chat_id, _username)
  on conflict (user_id) do update set chat_id = excluded.chat_id, username = excluded.username, linked_at = now();
  return owner;
end;
$$;

comment on function public.link_telegram(text, bigint, text) is
  'The bot''s /start: spends a link token and links the chat to its account (moving the chat from any other account), or links nothing for an unknown or expired token or an account whose address is not proven. The service role''s alone.';
