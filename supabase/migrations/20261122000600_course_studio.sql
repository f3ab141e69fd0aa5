-- Course studio: Product Founder modules hold lessons, every content item can be a draft,
-- admins write content through row level security, lists are reordered in one statement, and
-- student pages can be previewed by an admin as a given student sees them.

-- Drafts ---------------------------------------------------------------------------------------

alter table public.course_modules add column is_published boolean not null default true;
alter table public.tech_tools add column is_published boolean not null default true;
alter table public.modules add column is_published boolean not null default true;
alter table public.lessons add column is_published boolean not null default true;

-- A lesson's parent: a tool (optionally inside one of that tool's blocks) or a course module --

alter table public.lessons
  alter column tool_id drop not null,
  add column course_module_id uuid references public.course_modules (id) on delete cascade,
  add constraint lessons_one_parent check (num_nonnulls(tool_id, course_module_id) = 1),
  add constraint lessons_block_needs_tool check (module_id is null or tool_id is not null);

-- Existing rows the new rules would refuse: a lesson filed under another tool's block leaves that
-- block (it stays with its tool), so the migration applies to any real data.
update public.lessons l set module_id = null
where l.module_id is not null
  and not exists (select 1 from public.modules m where m.id = l.module_id and m.tool_id = l.tool_id);

alter table public.modules add constraint modules_id_tool_id_key unique (id, tool_id);
alter table public.lessons add constraint lessons_block_of_own_tool
  foreign key (module_id, tool_id) references public.modules (id, tool_id) on delete cascade;

create index lessons_course_module_order_idx on public.lessons (course_module_id, order_index);

grant select (course_module_id, is_published) on public.lessons to authenticated;

-- Positions start at 1. A new item without one (order_index 0, the default) goes last in its
-- list; a lesson moved to another parent goes last there.

create function public.place_last()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Only lessons fire on update (a move to another parent); nested, as plpgsql resolves record
  -- fields when it first runs an expression.
  if tg_op = 'UPDATE' then
    if new.order_index is distinct from old.order_index
      or (new.tool_id, new.module_id, new.course_module_id) is not distinct from (old.tool_id, old.module_id, old.course_module_id)
    then
      return new;
    end if;
  end if;
  if tg_op = 'INSERT' and new.order_index > 0 then
    return new;
  end if;
  case tg_table_name
    when 'course_modules' then
      select coalesce(max(order_index), 0) + 1 into new.order_index from public.course_modules;
    when 'tech_tools' then
      select coalesce(max(order_index), 0) + 1 into new.order_index from public.tech_tools;
    when 'modules' then
      select coalesce(max(order_index), 0) + 1 into new.order_index from public.modules where tool_id = new.tool_id;
    when 'lessons' then
      select coalesce(max(order_index), 0) + 1 into new.order_index from public.lessons
      where tool_id is not distinct from new.tool_id
        and module_id is not distinct from new.module_id
        and course_module_id is not distinct from new.course_module_id
        and id <> new.id;
  end case;
  return new;
end;
$$;

create trigger course_modules_place_last before insert on public.course_modules
  for each row execute function public.place_last();
create trigger tech_tools_place_last before insert on public.tech_tools
  for each row execute function public.place_last();
create trigger modules_place_last before insert on public.modules
  for each row execute function public.place_last();
create trigger lessons_place_last before insert or update of tool_id, module_id, course_module_id on public.lessons
  for each row execute function public.place_last();

-- Tool names are addresses: unique regardless of case, and an old name keeps leading to the tool.

-- Tools whose names differ only in case get a number, so the unique index can be built.
update public.tech_tools t set name = t.name || ' (' || d.n || ')'
from (select id, row_number() over (partition by lower(name) order by order_index, id) as n from public.tech_tools) d
where d.id = t.id and d.n > 1;

drop index public.tech_tools_lower_name_idx;
create unique index tech_tools_name_key on public.tech_tools (lower(name));

create table public.tool_former_names (
  lower_name text primary key,
  tool_id uuid not null references public.tech_tools (id) on delete cascade
);

create function public.remember_former_tool_name()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if lower(new.name) <> lower(old.name) then
    insert into public.tool_former_names (lower_name, tool_id) values (lower(old.name), old.id)
    on conflict (lower_name) do update set tool_id = excluded.tool_id;
  end if;
  return new;
end;
$$;

revoke execute on function public.remember_former_tool_name() from public, anon, authenticated;

create trigger tech_tools_remember_former_name after update of name on public.tech_tools
  for each row execute function public.remember_former_tool_name();

alter table public.tool_former_names enable row level security;
-- As visible as the tool itself: the subquery runs under tech_tools' own policies.
create policy "Signed-in users read former names of tools they see" on public.tool_former_names
  for select to authenticated using (exists (select 1 from public.tech_tools t where t.id = tool_id));

-- Who reads and writes content -------------------------------------------------------------------

drop policy "Students read course modules not hidden from them" on public.course_modules;
drop policy "Students read tools not hidden from them" on public.tech_tools;
drop policy "Students read blocks of tools not hidden from them" on public.modules;
drop policy "Students read lesson outlines not hidden from them" on public.lessons;

-- Students read what is published and not hidden from them (effective access, titles included).
create policy "Students read published course modules not hidden from them" on public.course_modules
  for select to authenticated
  using (
    (select public.has_role(auth.uid(), 'admin'))
    or (is_published and not (id = any (cast((select public.hidden_item_ids(auth.uid(), 'module')) as uuid[]))))
  );

create policy "Students read published tools not hidden from them" on public.tech_tools
  for select to authenticated
  using (
    (select public.has_role(auth.uid(), 'admin'))
    or (is_published and not (id = any (cast((select public.hidden_item_ids(auth.uid(), 'tool')) as uuid[]))))
  );

-- The subqueries run under the parents' own policies, so a draft or hidden parent hides its children.
create policy "Students read published blocks of tools they see" on public.modules
  for select to authenticated
  using (
    (select public.has_role(auth.uid(), 'admin'))
    or (is_published and exists (select 1 from public.tech_tools t where t.id = tool_id))
  );

create policy "Students read published lesson outlines under parents they see" on public.lessons
  for select to authenticated
  using (
    (select public.has_role(auth.uid(), 'admin'))
    or (
      is_published
      and not (id = any (cast((select public.hidden_item_ids(auth.uid(), 'lesson')) as uuid[])))
      and (tool_id is null or exists (select 1 from public.tech_tools t where t.id = tool_id))
      and (module_id is null or exists (select 1 from public.modules m where m.id = module_id))
      and (course_module_id is null or exists (select 1 from public.course_modules c where c.id = course_module_id))
    )
  );

do $$
declare
  content_table text;
begin
  foreach content_table in array array['course_modules', 'tech_tools', 'modules', 'lessons'] loop
    execute format(
      'create policy "Admins add content" on public.%I for insert to authenticated
         with check ((select public.has_role(auth.uid(), ''admin'')))', content_table);
    execute format(
      'create policy "Admins edit content" on public.%I for update to authenticated
         using ((select public.has_role(auth.uid(), ''admin'')))
         with check ((select public.has_role(auth.uid(), ''admin'')))', content_table);
    execute format(
      'create policy "Admins delete content" on public.%I for delete to authenticated
         using ((select public.has_role(auth.uid(), ''admin'')))', content_table);
  end loop;
end;
$$;

-- Who may open a lesson, by effective access: its parent open for the user, everything published,
-- no closing record (own or group).

create or replace function public.can_open_lesson(_user_id uuid, _lesson_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.may_ask_about(_user_id) and (
    exists (select 1 from public.user_roles where user_id = _user_id and role = 'admin')
    or (
      exists (
        select 1
        from public.lessons l
        where l.id = _lesson_id and l.is_published
          and (
            (
              exists (
                select 1 from public.tech_tools t
                join public.effective_item(_user_id, 'tool', t.id) a on a.is_unlocked and a.is_visible
                where t.id = l.tool_id and t.is_published
              )
              and (l.module_id is null or exists (select 1 from public.modules m where m.id = l.module_id and m.is_published))
            )
            or exists (
              select 1 from public.course_modules c
              join public.effective_item(_user_id, 'module', c.id) a on a.is_unlocked and a.is_visible
              where c.id = l.course_module_id and c.is_published
            )
          )
      )
      and not exists (
        select 1 from public.effective_item(_user_id, 'lesson', _lesson_id) e where not (e.is_unlocked and e.is_visible)
      )
    )
  );
$$;

-- A lesson's text and video for a given user (the caller, or a student an admin previews).
create function public.lesson_content_for(_user_id uuid, _lesson_id uuid)
returns table (description text, video_url text)
language sql
stable
security definer
set search_path = ''
as $$
  select l.description, l.video_url
  from public.lessons l
  where l.id = _lesson_id and public.can_open_lesson(_user_id, _lesson_id);
$$;

create or replace function public.lesson_content(_lesson_id uuid)
returns table (description text, video_url text)
language sql
stable
security definer
set search_path = ''
as $$
  select * from public.lesson_content_for(auth.uid(), _lesson_id);
$$;

revoke execute on function public.lesson_content_for(uuid, uuid) from public, anon;
grant execute on function public.lesson_content_for(uuid, uuid) to authenticated;

-- Student pages, one round trip each. Read with the caller's rights (security invoker); an admin
-- may pass a student's id to see that student's access. Drafts are left out here too, so an
-- admin's preview shows exactly what the student sees (row level security hides them from students).

-- Whether a published tool of that name exists but is hidden from the user: its pages then
-- redirect (SPEC.md) instead of answering «not found», while its row stays unreadable.
create function public.tool_hidden_from(_tool_name text, _user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.tech_tools t
    where lower(t.name) = lower(_tool_name) and t.is_published
      and t.id = any (public.hidden_item_ids(_user_id, 'tool'))
  );
$$;

revoke execute on function public.tool_hidden_from(text, uuid) from public, anon;
grant execute on function public.tool_hidden_from(text, uuid) to authenticated;

drop function public.lesson_page(text, uuid);
drop function public.tool_page(text);

create function public.lesson_list(_lesson_ids uuid[], _user_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'lessons', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', l.id, 'module_id', l.module_id, 'title', l.title, 'order_index', l.order_index
      ) order by l.order_index, l.id)
      from public.lessons l
      where l.id = any(_lesson_ids)
    ), '[]'::jsonb),
    'lesson_access', coalesce((
      select jsonb_agg(jsonb_build_object(
        'lesson_id', e.item_id, 'is_unlocked', e.is_unlocked, 'is_visible', e.is_visible
      ))
      from public.effective_access(_user_id) e
      where e.kind = 'lesson' and e.item_id = any(_lesson_ids)
    ), '[]'::jsonb)
  );
$$;

create function public.tool_page(_tool_name text, _student_id uuid default null)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with viewer as (
    select coalesce(_student_id, auth.uid()) as id
  ),
  tool as (
    select t.id, t.name, t.description
    from public.tech_tools t
    where t.is_published and lower(t.name) = lower(_tool_name)
  ),
  blocks as (
    select m.* from public.modules m join tool on m.tool_id = tool.id where m.is_published
  ),
  lesson_ids as (
    select array_agg(l.id) as ids
    from public.lessons l join tool on l.tool_id = tool.id
    where l.is_published and (l.module_id is null or l.module_id in (select id from blocks))
  )
  select jsonb_build_object(
    'tool', (select to_jsonb(tool) from tool),
    'hidden', not exists (select 1 from tool) and public.tool_hidden_from(_tool_name, (select id from viewer)),
    'renamed_to', (
      select t.name from public.tool_former_names f join public.tech_tools t on t.id = f.tool_id
      where f.lower_name = lower(_tool_name) and t.is_published and not exists (select 1 from tool)
    ),
    'access', (
      select to_jsonb(a) from tool, public.effective_item((select id from viewer), 'tool', tool.id) a
    ),
    'modules', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', b.id, 'name', b.name, 'description', b.description, 'order_index', b.order_index
      ) order by b.order_index, b.id)
      from blocks b
    ), '[]'::jsonb)
  ) || public.lesson_list(coalesce((select ids from lesson_ids), '{}'), (select id from viewer));
$$;

create function public.lesson_page(_tool_name text, _lesson_id uuid, _student_id uuid default null)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.tool_page(_tool_name, _student_id) || jsonb_build_object(
    'lesson_hidden', _lesson_id = any (public.hidden_item_ids(coalesce(_student_id, auth.uid()), 'lesson')),
    'content', (
      select to_jsonb(c) from public.lesson_content_for(coalesce(_student_id, auth.uid()), _lesson_id) c
    )
  );
$$;

create function public.course_module_page(_module_id uuid, _student_id uuid default null)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with viewer as (
    select coalesce(_student_id, auth.uid()) as id
  ),
  course_module as (
    select c.id, c.title, c.description, c.order_index,
      (select count(*) from public.course_modules p
       where p.is_published and (p.order_index, p.id) < (c.order_index, c.id)
         and not (p.id = any (public.hidden_item_ids((select id from viewer), 'module')))) + 1 as number
    from public.course_modules c
    where c.id = _module_id and c.is_published
  ),
  lesson_ids as (
    select array_agg(l.id) as ids
    from public.lessons l join course_module on l.course_module_id = course_module.id
    where l.is_published
  )
  select jsonb_build_object(
    'module', (select to_jsonb(course_module) from course_module),
    'access', (
      select to_jsonb(a) from course_module, public.effective_item((select id from viewer), 'module', course_module.id) a
    )
  ) || public.lesson_list(coalesce((select ids from lesson_ids), '{}'), (select id from viewer));
$$;

create function public.course_lesson_page(_module_id uuid, _lesson_id uuid, _student_id uuid default null)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.course_module_page(_module_id, _student_id) || jsonb_build_object(
    'lesson_hidden', _lesson_id = any (public.hidden_item_ids(coalesce(_student_id, auth.uid()), 'lesson')),
    'content', (
      select to_jsonb(c) from public.lesson_content_for(coalesce(_student_id, auth.uid()), _lesson_id) c
    )
  );
$$;

revoke execute on function public.lesson_list(uuid[], uuid) from public, anon;
revoke execute on function public.tool_page(text, uuid) from public, anon;
revoke execute on function public.lesson_page(text, uuid, uuid) from public, anon;
revoke execute on function public.course_module_page(uuid, uuid) from public, anon;
revoke execute on function public.course_lesson_page(uuid, uuid, uuid) from public, anon;
grant execute on function public.lesson_list(uuid[], uuid) to authenticated;
grant execute on function public.tool_page(text, uuid) to authenticated;
grant execute on function public.lesson_page(text, uuid, uuid) to authenticated;
grant execute on function public.course_module_page(uuid, uuid) to authenticated;
grant execute on function public.course_lesson_page(uuid, uuid, uuid) to authenticated;

-- Studio writes that span rows ---------------------------------------------------------------

-- Sets a whole list's order in one statement. The list must be complete and share one parent,
-- so two admins editing at once cannot leave a half-ordered list; row level security decides
-- who may write (a student's update touches no row, which is refused here).
create function public.reorder_content(_kind text, _ids uuid[])
returns void
language plpgsql
set search_path = ''
as $$
declare
  expected integer;
  written integer;
begin
  if _ids is null or cardinality(_ids) = 0 or cardinality(_ids) <> (select count(distinct id) from unnest(_ids) id) then
    raise exception 'a list of distinct ids is required' using errcode = '22023';
  end if;

  case _kind
    when 'course_module' then
      select count(*) into expected from public.course_modules;
      update public.course_modules c set order_index = o.position
      from unnest(_ids) with ordinality as o(id, position) where c.id = o.id;
    when 'tool' then
      select count(*) into expected from public.tech_tools;
      update public.tech_tools t set order_index = o.position
      from unnest(_ids) with ordinality as o(id, position) where t.id = o.id;
    when 'block' then
      select count(*) into expected from public.modules m
      where m.tool_id = (select tool_id from public.modules where id = _ids[1]);
      update public.modules m set order_index = o.position
      from unnest(_ids) with ordinality as o(id, position)
      where m.id = o.id and m.tool_id = (select tool_id from public.modules where id = _ids[1]);
    when 'lesson' then
      select count(*) into expected from public.lessons l, public.lessons first
      where first.id = _ids[1]
        and l.tool_id is not distinct from first.tool_id
        and l.module_id is not distinct from first.module_id
        and l.course_module_id is not distinct from first.course_module_id;
      update public.lessons l set order_index = o.position
      from unnest(_ids) with ordinality as o(id, position), public.lessons first
      where l.id = o.id and first.id = _ids[1]
        and l.tool_id is not distinct from first.tool_id
        and l.module_id is not distinct from first.module_id
        and l.course_module_id is not distinct from first.course_module_id;
    else
      raise exception 'unknown content kind %', _kind using errcode = '22023';
  end case;

  get diagnostics written = row_count;
  if written <> cardinality(_ids) or written <> expected then
    raise exception 'the list changed, reload it' using errcode = 'P0001', hint = 'stale_list';
  end if;
end;
$$;

revoke execute on function public.reorder_content(text, uuid[]) from public, anon;
grant execute on function public.reorder_content(text, uuid[]) to authenticated, service_role;

-- What a delete takes with it, for the confirmation dialog (counted with the caller's rights).
create function public.deletion_impact(_kind text, _id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with doomed_lessons as (
    select l.id from public.lessons l
    where (_kind = 'lesson' and l.id = _id)
       or (_kind = 'tool' and l.tool_id = _id)
       or (_kind = 'block' and l.module_id = _id)
       or (_kind = 'course_module' and l.course_module_id = _id)
  )
  select jsonb_build_object(
    'lessons', (select count(*) from doomed_lessons where _kind <> 'lesson'),
    'blocks', (select count(*) from public.modules m where _kind = 'tool' and m.tool_id = _id),
    'access_records',
      (select count(*) from public.lesson_access la where la.lesson_id in (select id from doomed_lessons))
      + (select count(*) from public.group_lesson_access ga where ga.lesson_id in (select id from doomed_lessons))
      + (select count(*) from public.tool_access ta where _kind = 'tool' and ta.tool_id = _id)
      + (select count(*) from public.group_tool_access ga where _kind = 'tool' and ga.tool_id = _id)
      + (select count(*) from public.module_access ma where _kind = 'course_module' and ma.module_id = _id)
      + (select count(*) from public.group_module_access ga where _kind = 'course_module' and ga.module_id = _id)
  );
$$;

revoke execute on function public.deletion_impact(text, uuid) from public, anon;
grant execute on function public.deletion_impact(text, uuid) to authenticated;
