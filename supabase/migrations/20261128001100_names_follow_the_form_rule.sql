-- A name follows the registration form's rule on every path (issue 41). The rule (docs/product.md
-- §5, lib/validation/auth.ts) bound only the form: a name written straight through the REST API,
-- or in the metadata of a sign-up sent straight to Auth, reached the profile as written, and the
-- school's welcome e-mail greeted whatever it said («Ваш аккаунт заблокирован, перейдите по…»).
-- Now the database holds the rule: Auth's Before User Created hook refuses such a sign-up, the
-- profile's trigger refuses such a rename, and handle_new_user (which the Admin API's user
-- creation also runs, without the hook) keeps no name that breaks it.

create function public.clean_full_name(_name text)
  returns text
  language sql immutable
  set search_path = ''
as $$
  -- Trimmed and composed (NFC) as the form does, then held to its pattern: letters of the Latin
  -- and Cyrillic scripts, each with its combining accents, spaces and hyphens, with at least one
  -- letter, 1 to 100 characters. The letter ranges are the two scripts' Unicode blocks (Postgres
  -- regular expressions have no script classes); tests/backend/names.test.ts holds them to the form.
  select case
    when cleaned ~ '^(?:[A-Za-z\u00AA\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF\u0400-\u0481\u048A-\u052F][\u0300-\u036F\u0483-\u0489]*|[ -])+$'
      and cleaned ~ '[A-Za-z\u00AA\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF\u0400-\u0481\u048A-\u052F]'
      and char_length(cleaned) between 1 and 100
    then cleaned
  end
  from (select normalize(btrim(_name), NFC) as cleaned) as input;
$$;

comment on function public.clean_full_name(text) is
  'The name as the registration form keeps it (trimmed, NFC), or null when it breaks the form''s rule (Latin or Cyrillic letters with their accents, spaces and hyphens, at least one letter, 1–100 characters): the one rule the profile, the sign-up hook and handle_new_user ask.';

revoke all on function public.clean_full_name(text) from public;
grant execute on function public.clean_full_name(text) to authenticated, service_role, supabase_auth_admin;

create function public.hold_full_name()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.full_name is null then
    return new;
  end if;
  if public.clean_full_name(new.full_name) is null then
    raise exception 'Имя может содержать только буквы, пробелы и дефисы'
      using errcode = '23514', constraint = 'profiles_full_name_rule', hint = 'full_name_rule';
  end if;
  new.full_name := public.clean_full_name(new.full_name);
  return new;
end;
$$;

comment on function public.hold_full_name() is
  'Trigger on profiles: a name written (insert, or an update of full_name) is kept trimmed and composed, and refused with check_violation when it breaks the registration form''s rule. Rows written before the rule are left as they are until renamed.';

revoke all on function public.hold_full_name() from public;

create trigger profiles_hold_full_name
  before insert or update of full_name on public.profiles
  for each row execute function public.hold_full_name();

-- As before, plus the name cleaned: the Admin API creates users without the Before User Created
-- hook, and a name that breaks the rule is dropped rather than failing the creation.
create or replace function public.handle_new_user()
  returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  insert into public.profiles (id, email, full_name)
  values (new.id, new.email, public.clean_full_name(new.raw_user_meta_data ->> 'full_name'));
  insert into public.user_roles (user_id, role) values (new.id, 'student');
  if new.raw_user_meta_data ->> 'privacy_policy_version' = public.current_privacy_policy_version() then
    insert into public.privacy_consents (user_id, policy_version) values (new.id, public.current_privacy_policy_version());
  end if;
  return new;
end;
$$;

comment on function public.handle_new_user() is
  'Trigger on auth.users: a new user''s profile (with the metadata''s name only when it follows the form''s rule), the student role and, when the metadata consents to the current policy, the consent.';

-- As before, plus the name: a sign-up that reaches Auth with a name the form would refuse is
-- refused with the form's words. A sign-up without a name stays allowed (the form always sends one).
create or replace function public.before_user_created_hook(event jsonb)
  returns jsonb
  language sql stable
  set search_path = ''
as $$
  select case
    when coalesce(event -> 'user' -> 'user_metadata' ->> 'privacy_policy_version', '') <> public.current_privacy_policy_version()
      then jsonb_build_object(
        'error',
        jsonb_build_object('http_code', 400, 'message', 'Подтвердите согласие на обработку персональных данных'))
    when event -> 'user' -> 'user_metadata' ? 'full_name'
      and public.clean_full_name(event -> 'user' -> 'user_metadata' ->> 'full_name') is null
      then jsonb_build_object(
        'error',
        jsonb_build_object('http_code', 400, 'message', 'Имя может содержать только буквы, пробелы и дефисы'))
    else '{}'::jsonb
  end;
$$;

comment on function public.before_user_created_hook(jsonb) is
  'Supabase Auth''s Before User Created hook: refuses a sign-up whose metadata does not consent to the current privacy policy, or whose name breaks the registration form''s rule, whichever way it reaches Auth.';
