-- The record of a homework file's check names the object whose bytes the server read (issue 41,
-- after …0700). record_homework_file_check took whatever object lay at the path when it ran: a
-- student who removed the checked file and uploaded a program at the same path between the
-- server's read and its record would have the program recorded. Now the server passes the id
-- Storage gave it with the file's details before the read; an object id never returns once
-- removed, and students cannot overwrite a homework object in place (no update policy), so an
-- object still at the path under that id is the one whose bytes were read.

drop function public.record_homework_file_check(text, text, text);

create function public.record_homework_file_check(_object_id uuid, _object_path text, _file_name text, _mime_type text)
  returns void
  language plpgsql security definer
  set search_path = ''
as $$
declare
  stored storage.objects;
begin
  select * into stored from storage.objects o where o.bucket_id = 'homework' and o.name = _object_path;
  if stored.id is null or stored.id <> _object_id then
    raise exception 'not the upload the server read' using errcode = 'P0002';
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

comment on function public.record_homework_file_check(uuid, text, text, text) is
  'Records, for the server after it read a homework upload''s first bytes, that the object with this id, still at this path, is a file of this type under this name; the service role''s alone.';

revoke all on function public.record_homework_file_check(uuid, text, text, text) from public;
grant execute on function public.record_homework_file_check(uuid, text, text, text) to service_role;
