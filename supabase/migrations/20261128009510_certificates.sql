-- Certificates (issue 47): the owner switches «Выдавать сертификат» on a tool, a course module or a
-- whole track; a student who has passed every published lesson they may see in it gets one
-- certificate, once, with a public code anyone can verify. It is issued where a lesson becomes
-- passed (pass_lesson, redefined here), in the same transaction, with its notification.

alter table public.tech_tools add column issues_certificate boolean not null default false;
alter table public.course_modules add column issues_certificate boolean not null default false;

-- ---------------------------------------------------------------------------------------------
-- The per-track switch: one row per track, changed by admins.

create table public.track_settings (
  track text primary key,
  issues_certificate boolean not null default false,
  constraint track_settings_track check (track in ('tech', 'product'))
);

insert into public.track_settings (track) values ('tech'), ('product');

alter table public.track_settings enable row level security;

create policy "Admins read track settings" on public.track_settings
  for select to authenticated using ((select public.is_admin()));
create policy "Admins change track settings" on public.track_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

grant select, update on table public.track_settings to authenticated;
grant select, insert, update, delete on table public.track_settings to service_role;

-- ---------------------------------------------------------------------------------------------
-- The certificates.

create table public.certificates (
  id uuid primary key default gen_random_uuid(),
  code text not null,
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null,
  -- What was completed, as a key ('tool:<id>', 'module:<id>', 'track:tech') and as its title at issue:
  -- the certificate outlives a renamed or deleted tool.
  subject text not null,
  title text not null,
  full_name text not null,
  issued_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_reason text,
  is_public boolean not null default false,
  reissue_of uuid references public.certificates (id) on delete set null,
  constraint certificates_code_key unique (code),
  constraint certificates_code_form check (code ~ '^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$'),
  constraint certificates_kind check (kind in ('tool', 'module', 'track')),
  constraint certificates_revoked_with_reason check ((revoked_at is null) = (revoked_reason is null)),
  constraint certificates_reason_length check (char_length(revoked_reason) between 1 and 500)
);

-- Issued automatically once per student and thing, whatever happens to it later; reissues are rows
-- of their own (reissue_of), and at most one certificate per student and thing is valid.
create unique index certificates_issued_once on public.certificates (user_id, subject) where reissue_of is null;
create unique index certificates_one_valid on public.certificates (user_id, subject) where revoked_at is null;
create index certificates_user_idx on public.certificates (user_id, issued_at desc);
create index certificates_reissue_of_idx on public.certificates (reissue_of);

alter table public.certificates enable row level security;

create policy "Students read their own certificates" on public.certificates
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins read all certificates" on public.certificates
  for select to authenticated using ((select public.is_admin()));

grant select on table public.certificates to authenticated;
grant select, insert, update, delete on table public.certificates to service_role;

-- ---------------------------------------------------------------------------------------------

create function public.new_certificate_code() returns text
  language plpgsql volatile
  set search_path to ''
as $$
declare
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  bytes constant bytea := extensions.gen_random_bytes(12);
  code text := '';
begin
  for i in 0..11 loop
    -- 256 is a multiple of 32: every symbol is equally likely.
    code := code || substr(alphabet, get_byte(bytes, i) % 32 + 1, 1);
    if i in (3, 7) then
      code := code || '-';
    end if;
  end loop;
  return code;
end;
$$;

comment on function public.new_certificate_code() is
  'A new certificate code: 12 random symbols (60 bits, gen_random_bytes) of Crockford''s base32, which has no I, L, O or U, in three groups of four (K7M2-QX9P-4TNB), to read aloud and type. Used by issue_due_certificates and reissue_certificate.';

revoke all on function public.new_certificate_code() from public, anon, authenticated;

create function public.certificate_holder_name(_user_id uuid) returns text
  language sql stable
  set search_path to ''
as $$
  select coalesce((select nullif(btrim(p.full_name), '') from public.profiles p where p.id = _user_id), 'Студент школы');
$$;

comment on function public.certificate_holder_name(uuid) is
  'The name a certificate carries: the profile''s name now, or «Студент школы» when there is none (never the e-mail: the verification page is public). Used by issue_due_certificates and reissue_certificate.';

revoke all on function public.certificate_holder_name(uuid) from public, anon, authenticated;

create function public.issue_due_certificates(_user_id uuid, _lesson_id uuid) returns integer
  language plpgsql security definer
  set search_path to ''
as $$
declare
  lesson public.lessons;
  claims text;
  claim_role text;
  claim_sub text;
  asked_as_database boolean := false;
  due jsonb;
  item jsonb;
  made public.certificates;
  issued integer := 0;
begin
  select * into lesson from public.lessons l where l.id = _lesson_id;
  if lesson.id is null then
    return 0;
  end if;
  -- Two lessons passed at once would each see only their own pass and neither issue: the second
  -- waits here, and its queries below (a new snapshot each) see the first one's.
  perform pg_advisory_xact_lock(hashtextextended('certificates ' || _user_id::text, 0));
  -- A curator accepting the last work may not ask about the student's access (may_ask_about), so the
  -- rule is asked as the database itself, and the caller's claims come back before anything is written.
  if not public.may_ask_about(_user_id) then
    asked_as_database := true;
    claims := current_setting('request.jwt.claims', true);
    claim_role := current_setting('request.jwt.claim.role', true);
    claim_sub := current_setting('request.jwt.claim.sub', true);
    perform set_config('request.jwt.claims', '', true);
    perform set_config('request.jwt.claim.role', '', true);
    perform set_config('request.jwt.claim.sub', '', true);
  end if;

  with seen as materialized (
    select v.id, v.tool_id, v.course_module_id, (p.completed_at is not null) as passed
    from public.visible_lessons(_user_id) v
    left join public.lesson_progress p on p.lesson_id = v.id and p.user_id = _user_id
  ),
  candidates as (
    select 'tool' as kind, 'tool:' || t.id as subject, t.name as title, t.id as tool_id, null::uuid as module_id, null::text as track
    from public.tech_tools t where t.id = lesson.tool_id and t.issues_certificate and t.is_published
    union all
    select 'module', 'module:' || c.id, c.title, null, c.id, null
    from public.course_modules c where c.id = lesson.course_module_id and c.issues_certificate and c.is_published
    union all
    select 'track', 'track:' || s.track, case s.track when 'tech' then 'Tech Founder' else 'Product Founder' end, null, null, s.track
    from public.track_settings s
    where s.issues_certificate and s.track = case when lesson.tool_id is not null then 'tech' else 'product' end
  ),
  counted as (
    select c.kind, c.subject, c.title, count(s.id) as lessons, count(s.id) filter (where s.passed) as passed
    from candidates c
    left join seen s on (c.tool_id is not null and s.tool_id = c.tool_id)
      or (c.module_id is not null and s.course_module_id = c.module_id)
      or (c.track = 'tech' and s.tool_id is not null)
      or (c.track = 'product' and s.course_module_id is not null)
    group by c.kind, c.subject, c.title
  )
  select coalesce(jsonb_agg(jsonb_build_object('kind', x.kind, 'subject', x.subject, 'title', x.title)), '[]')
  into due
  from counted x
  where x.lessons > 0 and x.lessons = x.passed
    and not exists (select 1 from public.certificates e where e.user_id = _user_id and e.subject = x.subject and e.reissue_of is null);

  if asked_as_database then
    perform set_config('request.jwt.claims', coalesce(claims, ''), true);
    perform set_config('request.jwt.claim.role', coalesce(claim_role, ''), true);
    perform set_config('request.jwt.claim.sub', coalesce(claim_sub, ''), true);
  end if;

  for item in select * from jsonb_array_elements(due) loop
    made := null;
    insert into public.certificates (code, user_id, kind, subject, title, full_name)
    values (public.new_certificate_code(), _user_id, item ->> 'kind', item ->> 'subject', item ->> 'title', public.certificate_holder_name(_user_id))
    on conflict (user_id, subject) where reissue_of is null do nothing
    returning * into made;
    if made.id is not null then
      insert into public.notifications (user_id, kind, payload)
      values (_user_id, 'certificate_issued', jsonb_build_object('code', made.code, 'kind', made.kind, 'title', made.title));
      issued := issued + 1;
    end if;
  end loop;
  return issued;
end;
$$;

comment on function public.issue_due_certificates(uuid, uuid) is
  'Issues the certificates _user_id has just earned by passing _lesson_id: for its tool and its course module when «Выдавать сертификат» is on, and for its track (Tech Founder: every tool; Product Founder: every course module) when track_settings says so, once every lesson of it that the student may see (visible_lessons: published, under published parents, not hidden from them) is passed; a tool, module or track with no such lesson issues nothing. Once per student and thing (certificates_issued_once, on conflict do nothing), serialized per student by an advisory lock so two passes at once still issue exactly one. Each new certificate carries the profile''s name and enqueues certificate_issued. Called by pass_lesson only.';

revoke all on function public.issue_due_certificates(uuid, uuid) from public, anon, authenticated;

create or replace function public.pass_lesson(_user_id uuid, _lesson_id uuid) returns void
  language plpgsql security definer
  set search_path to ''
as $$
begin
  insert into public.lesson_progress (user_id, lesson_id, completed_at)
  values (_user_id, _lesson_id, now())
  on conflict (user_id, lesson_id) do update set completed_at = coalesce(public.lesson_progress.completed_at, now());
  perform public.issue_due_certificates(_user_id, _lesson_id);
end;
$$;

comment on function public.pass_lesson(uuid, uuid) is
  'Records that _user_id passed _lesson_id, keeping the first time it was passed, and issues the certificates that completes (issue_due_certificates). The one way a lesson becomes passed: set_lesson_completed («Отметить пройденным»), review_submission (an accepted work) and a passed quiz call it, and what passing a lesson causes is caused here. Its callers check that the lesson may be passed; no API role may call it.';

-- ---------------------------------------------------------------------------------------------
-- Reading and changing certificates.

create function public.certificate_check(_code text) returns table (
  code text, full_name text, kind text, title text, issued_at timestamptz, revoked_at timestamptz, is_public boolean
)
  language sql stable security definer
  set search_path to ''
as $$
  select c.code, c.full_name, c.kind, c.title, c.issued_at, c.revoked_at, c.is_public
  from public.certificates c
  where c.code = upper(btrim(_code));
$$;

comment on function public.certificate_check(text) is
  'The public verification of a certificate by its code (/certificates/{code} and its PDF): the name, what was completed, when, whether it is revoked (not why) and whether its student shares it (the page is indexed only then); no row for an unknown code. The only way anyone who is not its student or an admin reads a certificate, anonymous visitors included.';

revoke all on function public.certificate_check(text) from public;
grant execute on function public.certificate_check(text) to anon, authenticated, service_role;

create function public.share_certificate(_id uuid, _shared boolean) returns void
  language plpgsql security definer
  set search_path to ''
as $$
begin
  update public.certificates c set is_public = _shared
  where c.id = _id and c.user_id = auth.uid();
  if not found then
    raise exception 'certificate not found' using errcode = 'P0002';
  end if;
end;
$$;

comment on function public.share_certificate(uuid, boolean) is
  'The caller''s own certificate shared or not («Поделиться»): a shared one''s verification page may be indexed by search engines. Anyone else''s answers not found.';

revoke all on function public.share_certificate(uuid, boolean) from public, anon;
grant execute on function public.share_certificate(uuid, boolean) to authenticated, service_role;

create function public.revoke_certificate(_id uuid, _reason text) returns void
  language plpgsql security definer
  set search_path to ''
as $$
begin
  if not public.is_admin() then
    raise exception 'only admins revoke certificates' using errcode = '42501';
  end if;
  update public.certificates c set revoked_at = now(), revoked_reason = btrim(_reason)
  where c.id = _id and c.revoked_at is null;
  if not found then
    raise exception 'certificate not found or already revoked' using errcode = 'P0002';
  end if;
end;
$$;

comment on function public.revoke_certificate(uuid, text) is
  'An admin revokes a valid certificate with a reason (kept for admins; the public page says only «Отозван»). Not found for a certificate already revoked.';

revoke all on function public.revoke_certificate(uuid, text) from public, anon;
grant execute on function public.revoke_certificate(uuid, text) to authenticated, service_role;

create function public.reissue_certificate(_id uuid) returns text
  language plpgsql security definer
  set search_path to ''
as $$
declare
  old public.certificates;
  admin constant boolean := public.is_admin();
  holder_name text;
  made public.certificates;
begin
  select * into old from public.certificates c where c.id = _id for update;
  if old.id is null or not (admin or old.user_id = auth.uid()) then
    raise exception 'certificate not found' using errcode = 'P0002';
  end if;
  holder_name := public.certificate_holder_name(old.user_id);
  if not admin and (old.revoked_at is not null or holder_name = old.full_name) then
    raise exception 'a student reissues only a valid certificate after changing their name'
      using errcode = 'P0001', hint = 'certificate_same_name';
  end if;
  if old.revoked_at is null then
    update public.certificates c set revoked_at = now(), revoked_reason = 'Перевыпущен'
    where c.id = old.id;
  end if;
  insert into public.certificates (code, user_id, kind, subject, title, full_name, is_public, reissue_of)
  values (public.new_certificate_code(), old.user_id, old.kind, old.subject, old.title, holder_name, old.is_public, old.id)
  returning * into made;
  insert into public.notifications (user_id, kind, payload)
  values (made.user_id, 'certificate_issued', jsonb_build_object('code', made.code, 'kind', made.kind, 'title', made.title));
  return made.code;
end;
$$;

comment on function public.reissue_certificate(uuid) is
  'Reissues a certificate under the profile''s name now: a new certificate (new code, reissue_of the old one, shared as the old one was) and the old one revoked with the reason «Перевыпущен», and the student told (certificate_issued). Its student may reissue their valid certificate once their name changed («Перевыпустить с новым именем»); an admin any certificate, a revoked one too, unless the student already holds a valid one for the same thing (certificates_one_valid). Answers the new code.';

revoke all on function public.reissue_certificate(uuid) from public, anon;
grant execute on function public.reissue_certificate(uuid) to authenticated, service_role;

create function public.certificates_overview(_query text default null, _limit integer default 200) returns table (
  id uuid, code text, full_name text, email text, kind text, title text, issued_at timestamptz,
  revoked_at timestamptz, revoked_reason text, is_public boolean, reissue_of uuid
)
  language sql stable
  set search_path to ''
as $$
  select c.id, c.code, c.full_name, p.email, c.kind, c.title, c.issued_at, c.revoked_at, c.revoked_reason, c.is_public, c.reissue_of
  from public.certificates c
  join public.profiles p on p.id = c.user_id
  where nullif(btrim(_query), '') is null
    or strpos(lower(c.full_name), lower(btrim(_query))) > 0
    or strpos(lower(p.email), lower(btrim(_query))) > 0
    or strpos(c.code, upper(btrim(_query))) > 0
  order by c.issued_at desc, c.code
  limit greatest(1, least(_limit, 1000));
$$;

comment on function public.certificates_overview(text, integer) is
  'The admin''s list of certificates, newest first, with each student''s e-mail, searched by a part of the name, e-mail or code (case-insensitive, no pattern characters). Security invoker: row level security gives an admin every certificate and profile, anyone else only their own.';

revoke all on function public.certificates_overview(text, integer) from public, anon;
grant execute on function public.certificates_overview(text, integer) to authenticated, service_role;
