-- No file reaches a submission unless the server checked its bytes (issue 41). The first-bytes
-- check ran only in the server action: a student could upload a program to their homework folder
-- with Content-Type: application/pdf straight through Storage and call submit_homework with the
-- name «Отчёт.pdf.exe», which the review page then listed as a PDF. Now the server, after reading
-- the first bytes, records the file here with the service role, and submit_homework takes only
-- recorded files: the very object checked (a file removed and uploaded anew at the same path is
-- another object), under the name and type that were checked.

-- The type a file name gives, as lib/domain/materials.ts (materialTypeOf) gives it; a test holds
-- the two lists together.
create function public.file_type_of_name(_name text)
  returns text
  language sql immutable
  set search_path = ''
as $$
  select case lower(substring(_name from '\.([A-Za-z0-9]+)$'))
    when 'pdf' then 'application/pdf'
    when 'zip' then 'application/zip'
    when 'doc' then 'application/msword'
    when 'xls' then 'application/vnd.ms-excel'
    when 'ppt' then 'application/vnd.ms-powerpoint'
    when 'docx' then 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
    when 'xlsx' then 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    when 'pptx' then 'application/vnd.openxmlformats-officedocument.presentationml.presentation'
    when 'txt' then 'text/plain'
    when 'md' then 'text/plain'
    when 'csv' then 'text/csv'
    when 'png' then 'image/png'
    when 'jpg' then 'image/jpeg'
    when 'jpeg' then 'image/jpeg'
    when 'gif' then 'image/gif'
    when 'webp' then 'image/webp'
  end;
$$;

comment on function public.file_type_of_name(text) is
  'The MIME type a file name''s extension gives (the list lib/domain/materials.ts keeps), null for an extension the school does not take.';

revoke all on function public.file_type_of_name(text) from public;
grant execute on function public.file_type_of_name(text) to service_role;

create table public.homework_file_checks (
  -- storage.objects.id of the checked upload.
  object_id uuid primary key,
  object_path text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  assignment_id uuid not null references public.assignments (id) on delete cascade,
  file_name text not null,
  mime_type text not null,
  size_bytes bigint not null,
  checked_at timestamptz not null default now(),
  -- The path the app gives (lib/domain/submissions.ts homeworkObjectPath): the student's folder, the
  -- assignment's, a random name with the type's extension.
  constraint homework_file_checks_path_form check (
    object_path ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}/[0-9a-f-]{36}\.[a-z0-9]+$'
    and split_part(object_path, '/', 1) = user_id::text
    and split_part(object_path, '/', 2) = assignment_id::text
  ),
  -- The name the student gave and the stored path both carry an extension of the checked type (an
  -- extension the school does not take gives null, which must fail the check, not pass it).
  constraint homework_file_checks_type_matches check (
    public.file_type_of_name(file_name) is not distinct from mime_type
    and public.file_type_of_name(object_path) is not distinct from mime_type
  ),
  constraint homework_file_checks_file_name_clean check (
    char_length(file_name) between 1 and 255
    and file_name !~ '[[:cntrl:]\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]'
    and file_name not in ('.', '..')
  ),
  constraint homework_file_checks_size_positive check (size_bytes > 0)
);

comment on table public.homework_file_checks is
  'Homework uploads whose first bytes the server read and found of their type; only the service role writes them, and submit_homework takes no other file.';

create index homework_file_checks_user_idx on public.homework_file_checks (user_id);
create index homework_file_checks_assignment_idx on public.homework_file_checks (assignment_id);

alter table public.homework_file_checks enable row level security;
-- No policy: students and reviewers never read or write these rows; the service role bypasses RLS.
grant select, insert, update, delete on table public.homework_file_checks to service_role;

-- The server's record of a checked upload: the object as Storage holds it now, under the name the
-- student gave. Refuses an object that is not there or whose stored type is not the checked one.
create function public.record_homework_file_check(_object_path text, _file_name text, _mime_type text)
  returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  stored storage.objects;
begin
  select * into stored from storage.objects o where o.bucket_id = 'homework' and o.name = _object_path;
  if stored.id is null then
    raise exception 'no such upload' using errcode = 'P0002';
  end if;
  if stored.metadata ->> 'mimetype' is distinct from _mime_type then
    raise exception 'the stored type is not the checked one' using errcode = 'P0001', hint = 'homework_file_unchecked';
  end if;
  insert into public.homework_file_checks (object_id, object_path, user_id, assignment_id, file_name, mime_type, size_bytes)
  values (
    stored.id, _object_path, public.homework_owner_id(_object_path), nullif(split_part(_object_path, '/', 2), '')::uuid,
    _file_name, _mime_type, coalesce((stored.metadata ->> 'size')::bigint, 0)
  )
  on conflict (object_id) do update
  set file_name = excluded.file_name, mime_type = excluded.mime_type, size_bytes = excluded.size_bytes, checked_at = now();
end;
$$;

comment on function public.record_homework_file_check(text, text, text) is
  'Records, for the server after it read a homework upload''s first bytes, that the object now at this path is a file of this type under this name; the service role''s alone.';

revoke all on function public.record_homework_file_check(text, text, text) from public;
grant execute on function public.record_homework_file_check(text, text, text) to service_role;

create or replace function public.submit_homework(_assignment_id uuid, _answer_md text, _links text[], _files jsonb)
  returns uuid
  language plpgsql security definer
  set search_path = ''
as $$
declare
  task public.assignments;
  next_attempt integer;
  submission_id uuid;
  file jsonb;
  checked public.homework_file_checks;
begin
  select * into task from public.assignments where id = _assignment_id;
  if task.id is null or auth.uid() is null or not public.can_open_lesson(auth.uid(), task.lesson_id) then
    raise exception 'assignment not found' using errcode = 'P0002';
  end if;
  -- One attempt at a time per student and assignment, even from two tabs at once.
  perform pg_advisory_xact_lock(hashtextextended(_assignment_id::text || auth.uid()::text, 0));
  if exists (select 1 from public.submissions where assignment_id = _assignment_id and user_id = auth.uid() and status = 'accepted') then
    raise exception 'already accepted' using errcode = 'P0001', hint = 'homework_accepted';
  end if;
  if exists (select 1 from public.submissions where assignment_id = _assignment_id and user_id = auth.uid() and status = 'submitted') then
    raise exception 'already waiting' using errcode = 'P0001', hint = 'homework_waiting';
  end if;
  _answer_md := coalesce(_answer_md, '');
  _links := coalesce(_links, '{}');
  _files := coalesce(_files, '[]'::jsonb);
  if (not task.accepts_text and btrim(_answer_md) <> '')
    or (not task.accepts_links and cardinality(_links) > 0)
    or (not task.accepts_files and jsonb_array_length(_files) > 0)
  then
    raise exception 'the assignment does not take this kind of answer' using errcode = 'P0001', hint = 'homework_kind';
  end if;
  if btrim(_answer_md) = '' and cardinality(_links) = 0 and jsonb_array_length(_files) = 0 then
    raise exception 'empty answer' using errcode = 'P0001', hint = 'homework_empty';
  end if;
  if exists (select 1 from unnest(_links) link where link !~ '^https?://[^\s]+$' or char_length(link) > 2000) then
    raise exception 'a link is not an address' using errcode = 'P0001', hint = 'homework_link';
  end if;
  if jsonb_array_length(_files) > 10 then
    raise exception 'too many files' using errcode = 'P0001', hint = 'homework_files';
  end if;

  select coalesce(max(attempt), 0) + 1 into next_attempt
  from public.submissions where assignment_id = _assignment_id and user_id = auth.uid();
  insert into public.submissions (assignment_id, user_id, attempt, answer_md, links)
  values (_assignment_id, auth.uid(), next_attempt, _answer_md, _links)
  returning id into submission_id;

  for file in select * from jsonb_array_elements(_files) loop
    if (file ->> 'path') is null
      or split_part(file ->> 'path', '/', 1) <> auth.uid()::text
      or split_part(file ->> 'path', '/', 2) <> _assignment_id::text
      or not exists (select 1 from storage.objects o where o.bucket_id = 'homework' and o.name = file ->> 'path')
    then
      raise exception 'a file is not the caller''s upload' using errcode = 'P0001', hint = 'homework_file_missing';
    end if;
    -- Only the object the server checked, of this student and assignment, under the checked name.
    checked := null;
    select c.* into checked
    from storage.objects o
    join public.homework_file_checks c on c.object_id = o.id
    where o.bucket_id = 'homework' and o.name = file ->> 'path'
      and c.object_path = o.name and c.user_id = auth.uid() and c.assignment_id = _assignment_id
      and c.file_name = file ->> 'file_name';
    if checked.object_id is null then
      raise exception 'a file the server did not check' using errcode = 'P0001', hint = 'homework_file_unchecked';
    end if;
    insert into public.submission_files (submission_id, object_path, file_name, size_bytes, mime_type)
    values (submission_id, checked.object_path, checked.file_name, checked.size_bytes, checked.mime_type);
  end loop;
  return submission_id;
end;
$$;

comment on function public.submit_homework(uuid, text, text[], jsonb) is
  'Hands in a new attempt of the caller''s work on an assignment in a lesson open to them: nothing accepted or waiting, the kinds of answer the assignment takes, and files only as the server checked them (homework_file_checks).';
