-- Review mends of this round's rules: three races and two leftovers, each in the function that
-- owns the rule.

-- An e-mail planned while the address is being proven could read «unproven» just before
-- prove_email committed, and wait after prove_email had let the waiting ones go: forever. The
-- profile's row is read for share, so the two take turns (prove_email writes that row first).
create or replace function public.plan_deliveries()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  unproven boolean;
begin
  select p.email_unproven into unproven from public.profiles p where p.id = new.user_id for share;
  insert into public.notification_deliveries (notification_id, channel, next_attempt_at)
  select new.id, c.channel, case when c.channel = 'email' and coalesce(unproven, false) then 'infinity'::timestamptz else now() end
  from unnest(enum_range(null::public.notification_channel)) c (channel)
  where public.channel_wanted(new.user_id, new.kind, c.channel);
  if found and public.channel_wanted(new.user_id, new.kind, 'email') then
    insert into public.email_unsubscribe_tokens (user_id) values (new.user_id) on conflict do nothing;
  end if;
  return null;
end;
$$;

comment on function public.plan_deliveries() is
  'Trigger on notifications: one delivery per channel the person wants for that kind; an e-mail to an address not yet proven waits (next_attempt_at infinity) until prove_email lets it go. The profile is read for share, so a proof committing meanwhile is waited for, never missed.';

-- A user made with no metadata at all (SQL, some Admin API calls) got a null «unproven» and was
-- refused by the column's not null: such an account made no sign-up, so it has nothing to prove.
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
    coalesce(new.raw_user_meta_data ? 'privacy_policy_version', false));
  insert into public.user_roles (user_id, role) values (new.id, 'student');
  if new.raw_user_meta_data ->> 'privacy_policy_version' = public.current_privacy_policy_version() then
    insert into public.privacy_consents (user_id, policy_version) values (new.id, public.current_privacy_policy_version());
  end if;
  return new;
end;
$$;

comment on function public.handle_new_user() is
  'Trigger on auth.users: a new user''s profile (with the metadata''s name only when it follows the form''s rule; its address unproven when it came by a sign-up, which carries the consent), the student role and, when the metadata consents to the current policy, the consent.';

-- Two materials recorded at the same moment took the same place in their lesson: the lesson's
-- recordings take turns.
create or replace function public.record_lesson_material(_object_id uuid, _object_path text, _file_name text, _mime_type text)
  returns uuid
  language plpgsql security definer
  set search_path = ''
as $$
declare
  stored storage.objects;
  lesson uuid := public.material_lesson_id(_object_path);
  recorded uuid;
begin
  select * into stored from storage.objects o where o.bucket_id = 'lesson-materials' and o.name = _object_path;
  if stored.id is null or stored.id <> _object_id or lesson is null then
    raise exception 'not the upload the server read' using errcode = 'P0002';
  end if;
  if stored.metadata ->> 'mimetype' is distinct from _mime_type then
    raise exception 'the stored type is not the checked one' using errcode = 'P0001', hint = 'material_file_unchecked';
  end if;
  perform 1 from public.lessons l where l.id = lesson for update;
  insert into public.lesson_attachments (lesson_id, object_path, file_name, size_bytes, mime_type, order_index)
  values (
    lesson, _object_path, _file_name, coalesce((stored.metadata ->> 'size')::bigint, 0), _mime_type,
    (select coalesce(max(a.order_index), 0) + 1 from public.lesson_attachments a where a.lesson_id = lesson)
  )
  returning id into recorded;
  return recorded;
end;
$$;

comment on function public.record_lesson_material(uuid, text, text, text) is
  'Lists, for the server after it read a lesson material''s first bytes, the object with this id, still at this path, as a file of this type under this name, last in its lesson (the lesson''s row locked, so two recordings take turns for the place), and answers the row''s id; the service role''s alone.';

-- Passes left by sign-ins to addresses with no account (the hook never spends them) piled up:
-- every attempt now sweeps all expired passes, by an index on their end.
create index auth_sign_in_passes_expires_at on public.auth_sign_in_passes (expires_at);

create or replace function public.take_sign_in_attempt(_email text, _trusted boolean)
returns table (wait_seconds integer, attempts integer)
language plpgsql
volatile
set search_path = ''
as $$
declare
  _key text := public.sign_in_attempt_key(_email);
  _wait integer := 0;
  _attempts integer := 0;
begin
  delete from public.auth_sign_in_passes p where p.expires_at <= now();
  if not _trusted then
    select t.wait_seconds, t.attempts into _wait, _attempts from public.count_sign_in_attempt(_key) t;
  end if;
  if _wait = 0 then
    insert into public.auth_sign_in_passes (key, counted, expires_at) values (_key, not _trusted, now() + interval '10 seconds');
  end if;
  return query select _wait, _attempts;
end;
$$;

comment on function public.take_sign_in_attempt(text, boolean) is
  'Before the app sends a password sign-in to Auth: counts it (unless the browser is one the account signed in on before) and, when it may go ahead, leaves the pass the Password Verification Attempt hook spends instead of counting it again; sweeps every expired pass, spent or not. Answers the seconds to wait (0: go ahead).';

comment on table public.auth_sign_in_passes is
  'Ten-second passes the app leaves for sign-ins it already counted (or that come from a browser the account signed in on before): the Password Verification Attempt hook spends one instead of counting again.';
