-- Lessons that teach: a written body under the video, and materials to download.
-- The body and the materials are read like the description and the video: only by someone who may
-- open the lesson (can_open_lesson), through the page functions; the bytes live in Storage's
-- private bucket lesson-materials, under a folder named after the lesson, and Storage's own row
-- level security ties each object to the same rule.

alter table public.lessons
  add column body_md text not null default ''
    constraint lessons_body_md_length check (char_length(body_md) <= 100000);

-- Like description and video_url: no column grant to authenticated, so a student reads the body
-- only through lesson_materials_for below (the lesson page), never by selecting it.

create table public.lesson_attachments (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null references public.lessons (id) on delete cascade,
  object_path text not null unique
    constraint lesson_attachments_object_in_lesson_folder check (object_path like lesson_id::text || '/%'),
  file_name text not null
    constraint lesson_attachments_file_name_clean check (
      char_length(file_name) between 1 and 255
      and file_name !~ '[[:cntrl:]\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]'
      and file_name not in ('.', '..')
    ),
  size_bytes bigint not null constraint lesson_attachments_size_positive check (size_bytes > 0),
  mime_type text not null,
  order_index integer not null default 0,
  created_at timestamptz not null default now()
);

create index lesson_attachments_lesson_order_idx on public.lesson_attachments (lesson_id, order_index);

alter table public.lesson_attachments enable row level security;

create policy "Who may open a lesson reads its materials" on public.lesson_attachments
  for select to authenticated
  using ((select public.is_admin()) or public.can_open_lesson(auth.uid(), lesson_id));

create policy "Admins add materials" on public.lesson_attachments
  for insert to authenticated
  with check ((select public.is_admin()));

create policy "Admins edit materials" on public.lesson_attachments
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Admins delete materials" on public.lesson_attachments
  for delete to authenticated
  using ((select public.is_admin()));

revoke all on table public.lesson_attachments from anon;
grant select, insert, update, delete on table public.lesson_attachments to authenticated;

/**
 * A lesson's materials in the given order, all of them or nothing (row level security decides who
 * may: only admins update them). A list that is not exactly the lesson's materials is refused.
 */
create function public.reorder_lesson_attachments(_lesson_id uuid, _ids uuid[]) returns void
  language plpgsql
  set search_path = ''
as $$
declare
  written integer;
begin
  if _ids is null or cardinality(_ids) = 0 or cardinality(_ids) <> (select count(distinct id) from unnest(_ids) id)
    or cardinality(_ids) <> (select count(*) from public.lesson_attachments where lesson_id = _lesson_id)
  then
    raise exception 'the list changed, reload it' using errcode = 'P0001', hint = 'stale_list';
  end if;
  update public.lesson_attachments a set order_index = o.position
  from unnest(_ids) with ordinality as o(id, position)
  where a.id = o.id and a.lesson_id = _lesson_id;
  get diagnostics written = row_count;
  if written <> cardinality(_ids) then
    raise exception 'the list changed, reload it' using errcode = 'P0001', hint = 'stale_list';
  end if;
end;
$$;

revoke all on function public.reorder_lesson_attachments(uuid, uuid[]) from public;
grant execute on function public.reorder_lesson_attachments(uuid, uuid[]) to authenticated, service_role;

/** The body and the materials of a lesson the user may open; null otherwise. */
create function public.lesson_materials_for(_user_id uuid, _lesson_id uuid) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object(
    'body_md', l.body_md,
    'attachments', coalesce((
      select jsonb_agg(
        jsonb_build_object('id', a.id, 'file_name', a.file_name, 'size_bytes', a.size_bytes, 'mime_type', a.mime_type)
        order by a.order_index, a.created_at
      )
      from public.lesson_attachments a
      where a.lesson_id = l.id
    ), '[]'::jsonb)
  )
  from public.lessons l
  where l.id = _lesson_id and public.can_open_lesson(_user_id, _lesson_id);
$$;

revoke all on function public.lesson_materials_for(uuid, uuid) from public;
grant execute on function public.lesson_materials_for(uuid, uuid) to authenticated, service_role;

/** The caller's own view: the studio's, and anyone's who may open the lesson. */
create function public.lesson_materials(_lesson_id uuid) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select public.lesson_materials_for(auth.uid(), _lesson_id);
$$;

revoke all on function public.lesson_materials(uuid) from public;
grant execute on function public.lesson_materials(uuid) to authenticated, service_role;

-- The lesson pages stay one request: the body and the materials join the content.
create or replace function public.lesson_page(_tool_name text, _lesson_id uuid, _student_id uuid default null) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select public.tool_page(_tool_name, _student_id) || jsonb_build_object(
    'lesson_hidden', _lesson_id = any (public.hidden_item_ids(coalesce(_student_id, auth.uid()), 'lesson')),
    'content', (
      select to_jsonb(c) || coalesce(public.lesson_materials_for(coalesce(_student_id, auth.uid()), _lesson_id), '{}'::jsonb)
      from public.lesson_content_for(coalesce(_student_id, auth.uid()), _lesson_id) c
    )
  );
$$;

create or replace function public.course_lesson_page(_module_id uuid, _lesson_id uuid, _student_id uuid default null) returns jsonb
  language sql stable
  set search_path = ''
as $$
  select public.course_module_page(_module_id, _student_id) || jsonb_build_object(
    'lesson_hidden', _lesson_id = any (public.hidden_item_ids(coalesce(_student_id, auth.uid()), 'lesson')),
    'content', (
      select to_jsonb(c) || coalesce(public.lesson_materials_for(coalesce(_student_id, auth.uid()), _lesson_id), '{}'::jsonb)
      from public.lesson_content_for(coalesce(_student_id, auth.uid()), _lesson_id) c
    )
  );
$$;

-- ---------------------------------------------------------------------------------------------
-- Storage: the private bucket and who may reach its objects
-- ---------------------------------------------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'lesson-materials',
  'lesson-materials',
  false,
  52428800,
  array[
    'application/pdf',
    'application/zip',
    'application/msword',
    'application/vnd.ms-excel',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'text/plain',
    'text/csv',
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp'
  ]
)
on conflict (id) do nothing;

/** The lesson an object of lesson-materials belongs to: its first folder, when that is a lesson id. */
create function public.material_lesson_id(_object_name text) returns uuid
  language sql immutable
  set search_path = ''
as $$
  select case
    when split_part(_object_name, '/', 1) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then split_part(_object_name, '/', 1)::uuid
  end;
$$;

grant execute on function public.material_lesson_id(text) to anon, authenticated, service_role;

create policy "Who may open a lesson reads its material files" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'lesson-materials'
    and ((select public.is_admin()) or public.can_open_lesson(auth.uid(), public.material_lesson_id(name)))
  );

create policy "Admins upload material files" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'lesson-materials' and (select public.is_admin()) and public.material_lesson_id(name) is not null);

create policy "Admins replace material files" on storage.objects
  for update to authenticated
  using (bucket_id = 'lesson-materials' and (select public.is_admin()))
  with check (bucket_id = 'lesson-materials' and (select public.is_admin()) and public.material_lesson_id(name) is not null);

create policy "Admins delete material files" on storage.objects
  for delete to authenticated
  using (bucket_id = 'lesson-materials' and (select public.is_admin()));
