-- No file reaches a lesson unless the server checked its bytes (issue 41, as …0700 and …0800 did
-- for homework). The server read a material's first bytes, and then the admin's own client inserted
-- the lesson_attachments row: an admin's token could insert a row straight through the API that
-- pointed at an upload nobody checked (a program stored as application/pdf, or named
-- «Лекция.pdf.exe»), or later rewrite a checked row's type and path. Now the server, after its
-- check, records the row with the service role, naming the very object it read; admins keep what
-- the studio changes (the name, the order, removal), and a listed object can no longer be replaced
-- under its row.

drop policy "Admins add materials" on public.lesson_attachments;
revoke insert, update on table public.lesson_attachments from authenticated;
-- Renaming (renameMaterial) and ordering (reorder_lesson_attachments, security invoker) only.
grant update (file_name, order_index) on table public.lesson_attachments to authenticated;

-- The name the admin gave and the stored path both carry an extension of the recorded type, and the
-- path is the one the app gives (lib/domain/materials.ts materialObjectPath): the lesson's folder
-- and a random name. Not valid: rows written before this migration through the API are not
-- re-read (a rename of such a row must satisfy it); `validate constraint` once they are checked.
alter table public.lesson_attachments
  add constraint lesson_attachments_type_matches check (
    public.file_type_of_name(file_name) is not distinct from mime_type
    and public.file_type_of_name(object_path) is not distinct from mime_type
  ) not valid,
  add constraint lesson_attachments_path_form check (
    object_path ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}\.[a-z0-9]+$'
  ) not valid;

-- A check constraint calls its function with the rights of whoever writes the row: an admin's
-- rename must be able to ask what type the new name gives. It reads nothing.
grant execute on function public.file_type_of_name(text) to authenticated;

-- The server's record of a checked material, last in its lesson's list. Refuses an object that is
-- not the one the server read (removed and uploaded anew at the path, it has another id) or whose
-- stored type is not the checked one; the table's checks refuse a name or path of another type.
create function public.record_lesson_material(_object_id uuid, _object_path text, _file_name text, _mime_type text)
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
  'Lists, for the server after it read a lesson material''s first bytes, the object with this id, still at this path, as a file of this type under this name, last in its lesson, and answers the row''s id; the service role''s alone.';

revoke all on function public.record_lesson_material(uuid, text, text, text) from public;
grant execute on function public.record_lesson_material(uuid, text, text, text) to service_role;

-- A listed object stays the one the server checked: no admin overwrites it in place (the app never
-- does), and it is removed only after its row (deleteMaterial removes the row first).
drop policy "Admins replace material files" on storage.objects;
drop policy "Admins delete material files" on storage.objects;
create policy "Admins delete material files no lesson lists" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'lesson-materials'
    and (select public.is_admin())
    and not exists (select 1 from public.lesson_attachments a where a.object_path = objects.name)
  );
