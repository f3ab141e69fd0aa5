-- Student pages at 10,000 students took 5–10 ms of database time, and most of it was planning:
-- every page function and the small rules its policies ask (roles, the viewer's hidden ids, one
-- item's access, the lesson lists) were SQL functions with `set search_path`, never inlined, so each
-- of their queries was planned again on every call, dozens of times per page. As PL/pgSQL each keeps
-- its plans for the connection's life; `force_generic_plan` keeps them from being re-planned with
-- each call's values (the queries are small and read by key, so one plan fits every call).
-- What every function answers is unchanged, and row level security still applies to the page
-- functions' reads as before: they stay `security invoker`.
-- Beyond that, the viewer's own access is computed once per statement for all three kinds (a page
-- asks about each of them), and the hidden lists, which policies ask most, keep their own short
-- answer for the statement.

create or replace function public.holds_any_role(_user_id uuid, _roles public.app_role[]) returns boolean
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return exists (select 1 from public.user_roles where user_id = _user_id and role = any (_roles));
end;
$$;

create or replace function public.user_is_admin(_user_id uuid) returns boolean
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return public.holds_any_role(_user_id, '{admin}');
end;
$$;

create or replace function public.is_admin() returns boolean
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return public.holds_any_role(auth.uid(), '{admin}');
end;
$$;

create or replace function public.is_reviewer() returns boolean
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
declare
  viewer constant uuid := auth.uid();
begin
  return public.holds_any_role(viewer, '{admin}')
    or (
      public.holds_any_role(viewer, '{curator}')
      and exists (select 1 from public.group_curators where user_id = viewer)
    );
end;
$$;

create or replace function public.may_ask_about(_user_id uuid) returns boolean
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return _user_id = auth.uid()
    or coalesce(auth.role(), 'service_role') = 'service_role'
    or public.is_admin();
end;
$$;

create or replace function public.effective_item(_user_id uuid, _kind text, _item_id uuid)
  returns table (is_unlocked boolean, is_visible boolean)
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
declare
  access record := public.viewer_access_ids(_user_id, _kind);
begin
  if _item_id = any (access.decided) then
    is_unlocked := _item_id = any (access.unlocked);
    is_visible := _item_id = any (access.visible);
    return next;
  end if;
end;
$$;

create or replace function public.visible_lessons(_user_id uuid) returns table(id uuid, title text, tool_id uuid, module_id uuid, course_module_id uuid, order_index integer)
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
#variable_conflict use_column
begin
  return query
    select l.id, l.title, l.tool_id, l.module_id, l.course_module_id, l.order_index
    from public.lessons l
    where l.is_published
      and (l.tool_id is null or exists (select 1 from public.tech_tools t where t.id = l.tool_id and t.is_published))
      and (l.module_id is null or exists (select 1 from public.modules m where m.id = l.module_id and m.is_published))
      and (l.course_module_id is null
        or exists (select 1 from public.course_modules c where c.id = l.course_module_id and c.is_published))
      and not (l.id = any (cast((select public.hidden_item_ids(_user_id, 'lesson')) as uuid[])));
end;
$$;

create or replace function public.held_lesson_ids(_user_id uuid, _lesson_ids uuid[]) returns uuid[]
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
    with asked as (
      select l.tool_id, l.course_module_id from public.lessons l where l.id = any(_lesson_ids)
    ),
    sequence as (
      select l.id,
        coalesce(l.tool_id, l.course_module_id) as parent_id,
        row_number() over (
          partition by coalesce(l.tool_id, l.course_module_id)
          order by (l.module_id is not null), coalesce(m.order_index, 0), l.order_index, l.id
        ) as position
      from public.lessons l
      left join public.modules m on m.id = l.module_id
      where l.is_published
        and (l.module_id is null or m.is_published)
        and (l.tool_id in (select tool_id from asked) or l.course_module_id in (select course_module_id from asked))
    ),
    first_open_stop as (
      select s.parent_id, min(s.position) as position
      from sequence s
      join public.assignments a on a.lesson_id = s.id and a.is_stop_lesson
      where not exists (
        select 1 from public.submissions sub
        where sub.assignment_id = a.id and sub.user_id = _user_id and sub.status = 'accepted'
      )
        -- A stop-lesson the student's own record locks or hides cannot be handed in: it holds nothing.
        and not exists (
          select 1 from public.effective_item(_user_id, 'lesson', s.id) e where not (e.is_unlocked and e.is_visible)
        )
      group by s.parent_id
    )
    select coalesce(array_agg(s.id), '{}')
    from sequence s
    join first_open_stop f on f.parent_id = s.parent_id and s.position > f.position
    where s.id = any(_lesson_ids)
      -- Admins pass every stop; nobody learns about another student's work.
      and public.may_ask_about(_user_id) and not public.user_is_admin(_user_id)
  );
end;
$$;

create or replace function public.effective_access(_user_id uuid) returns table(kind text, item_id uuid, is_unlocked boolean, is_visible boolean, source text, group_names text[], opens_at timestamp with time zone, expired boolean)
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
#variable_conflict use_column
begin
  return query
    select * from public.effective_access_of(_user_id, null, null);
end;
$$;

create or replace function public.tool_page(_tool_name text, _student_id uuid default null::uuid) returns jsonb
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
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
    ) || public.lesson_list(coalesce((select ids from lesson_ids), '{}'), (select id from viewer))
  );
end;
$$;

create or replace function public.tool_hidden_from(_tool_name text, _user_id uuid) returns boolean
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
    select exists (
      select 1 from public.tech_tools t
      where lower(t.name) = lower(_tool_name) and t.is_published
        and t.id = any (public.hidden_item_ids(_user_id, 'tool'))
    )
  );
end;
$$;

create or replace function public.lesson_list(_lesson_ids uuid[], _user_id uuid) returns jsonb
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
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
          'lesson_id', e.item_id, 'is_unlocked', e.is_unlocked, 'is_visible', e.is_visible, 'opens_at', e.opens_at
        ))
        from public.effective_access_of(_user_id, 'lesson', null) e
        where e.item_id = any(_lesson_ids)
      ), '[]'::jsonb),
      'completed', coalesce((
        select jsonb_agg(p.lesson_id order by p.lesson_id)
        from public.lesson_progress p
        where p.user_id = _user_id and p.lesson_id = any(_lesson_ids) and p.completed_at is not null
      ), '[]'::jsonb),
      'held', to_jsonb(public.held_lesson_ids(_user_id, _lesson_ids))
    )
  );
end;
$$;

create or replace function public.lesson_page(_tool_name text, _lesson_id uuid, _student_id uuid default null::uuid) returns jsonb
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
    select public.tool_page(_tool_name, _student_id) || jsonb_build_object(
      'lesson_hidden', _lesson_id = any (public.hidden_item_ids(coalesce(_student_id, auth.uid()), 'lesson')),
      'content', (
        select to_jsonb(c)
          || coalesce(public.lesson_materials_for(coalesce(_student_id, auth.uid()), _lesson_id), '{}'::jsonb)
          || jsonb_build_object('homework', public.homework_for(coalesce(_student_id, auth.uid()), _lesson_id))
        from public.lesson_content_for(coalesce(_student_id, auth.uid()), _lesson_id) c
      )
    )
  );
end;
$$;

create or replace function public.lesson_content_for(_user_id uuid, _lesson_id uuid) returns table(description text, video_url text)
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
#variable_conflict use_column
begin
  return query
    select l.description, l.video_url
    from public.lessons l
    where l.id = _lesson_id and public.can_open_lesson(_user_id, _lesson_id);
end;
$$;

create or replace function public.lesson_materials_for(_user_id uuid, _lesson_id uuid) returns jsonb
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
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
    where l.id = _lesson_id and public.can_open_lesson(_user_id, _lesson_id)
  );
end;
$$;

create or replace function public.homework_for(_user_id uuid, _lesson_id uuid) returns jsonb
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
    select jsonb_build_object(
      'assignment', jsonb_build_object(
        'id', a.id, 'instructions_md', a.instructions_md, 'accepts_text', a.accepts_text,
        'accepts_links', a.accepts_links, 'accepts_files', a.accepts_files, 'is_stop_lesson', a.is_stop_lesson
      ),
      'attempts', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', s.id, 'attempt', s.attempt, 'answer_md', s.answer_md, 'links', to_jsonb(s.links), 'status', s.status,
          'submitted_at', s.submitted_at, 'reviewed_at', s.reviewed_at,
          'files', coalesce((
            select jsonb_agg(jsonb_build_object('id', f.id, 'file_name', f.file_name, 'size_bytes', f.size_bytes, 'mime_type', f.mime_type) order by f.file_name)
            from public.submission_files f where f.submission_id = s.id
          ), '[]'::jsonb),
          'comments', coalesce((
            select jsonb_agg(jsonb_build_object(
              'id', c.id, 'body_md', c.body_md, 'created_at', c.created_at,
              'author', coalesce(p.full_name, 'Куратор')
            ) order by c.created_at)
            from public.submission_comments c left join public.profiles p on p.id = c.author_id
            where c.submission_id = s.id
          ), '[]'::jsonb)
        ) order by s.attempt)
        from public.submissions s
        where s.assignment_id = a.id and s.user_id = _user_id
      ), '[]'::jsonb)
    )
    from public.assignments a
    where a.lesson_id = _lesson_id and public.can_open_lesson(_user_id, _lesson_id)
  );
end;
$$;

create or replace function public.course_module_page(_module_id uuid, _student_id uuid default null::uuid) returns jsonb
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
    with viewer as (
      select coalesce(_student_id, auth.uid()) as id
    ),
    course_module as (
      select c.id, c.title, c.description, c.order_index,
        (select count(*) from public.course_modules p
         where p.is_published and (p.order_index, p.id) < (c.order_index, c.id)
           and not (p.id = any (cast((select public.hidden_item_ids((select id from viewer), 'module')) as uuid[])))) + 1 as number
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
    ) || public.lesson_list(coalesce((select ids from lesson_ids), '{}'), (select id from viewer))
  );
end;
$$;

create or replace function public.course_lesson_page(_module_id uuid, _lesson_id uuid, _student_id uuid default null::uuid) returns jsonb
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
    select public.course_module_page(_module_id, _student_id) || jsonb_build_object(
      'lesson_hidden', _lesson_id = any (public.hidden_item_ids(coalesce(_student_id, auth.uid()), 'lesson')),
      'content', (
        select to_jsonb(c)
          || coalesce(public.lesson_materials_for(coalesce(_student_id, auth.uid()), _lesson_id), '{}'::jsonb)
          || jsonb_build_object('homework', public.homework_for(coalesce(_student_id, auth.uid()), _lesson_id))
        from public.lesson_content_for(coalesce(_student_id, auth.uid()), _lesson_id) c
      )
    )
  );
end;
$$;

create or replace function public.course_modules_page(_student_id uuid default null::uuid) returns jsonb
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
    select jsonb_build_object(
      'items', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', c.id, 'title', c.title, 'description', c.description, 'order_index', c.order_index
        ) order by c.order_index, c.id)
        from public.course_modules c
        where c.is_published
      ), '[]'::jsonb),
      'access', public.track_access(_student_id, 'module'),
      'progress', public.progress_summary(_student_id) -> 'course_modules'
    )
  );
end;
$$;

create or replace function public.tools_page(_student_id uuid default null::uuid) returns jsonb
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
    select jsonb_build_object(
      'items', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', t.id, 'name', t.name, 'description', t.description, 'order_index', t.order_index
        ) order by t.order_index, t.id)
        from public.tech_tools t
        where t.is_published
      ), '[]'::jsonb),
      'access', public.track_access(_student_id, 'tool'),
      'progress', public.progress_summary(_student_id) -> 'tools'
    )
  );
end;
$$;

create or replace function public.student_access(_student_id uuid default null::uuid) returns table(kind text, item_id uuid, is_unlocked boolean, is_visible boolean, source text, group_names text[], opens_at timestamp with time zone, expired boolean)
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
#variable_conflict use_column
begin
  return query
    select * from public.effective_access(coalesce(_student_id, auth.uid()));
end;
$$;

create or replace function public.progress_summary(_student_id uuid default null::uuid) returns jsonb
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
    with counted as (
      select * from public.lesson_completion(coalesce(_student_id, auth.uid()))
    )
    select jsonb_build_object(
      'tools', coalesce((
        select jsonb_agg(parent) from (
          select jsonb_build_object('id', tool_id, 'total', count(*), 'completed', count(*) filter (where completed)) as parent
          from counted where tool_id is not null group by tool_id
        ) per_tool
      ), '[]'::jsonb),
      'course_modules', coalesce((
        select jsonb_agg(parent) from (
          select jsonb_build_object('id', course_module_id, 'total', count(*), 'completed', count(*) filter (where completed)) as parent
          from counted where course_module_id is not null group by course_module_id
        ) per_module
      ), '[]'::jsonb)
    )
  );
end;
$$;

create or replace function public.lesson_completion(_user_id uuid) returns table(id uuid, tool_id uuid, course_module_id uuid, completed boolean)
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
#variable_conflict use_column
begin
  return query
    select v.id, v.tool_id, v.course_module_id, (p.completed_at is not null)
    from public.visible_lessons(_user_id) v
    left join public.lesson_progress p on p.lesson_id = v.id and p.user_id = _user_id;
end;
$$;

create or replace function public.decide_can_open_lesson(_user_id uuid, _lesson_id uuid) returns boolean
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
    select public.may_ask_about(_user_id) and (
      public.user_is_admin(_user_id)
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
        and not (_lesson_id = any (public.held_lesson_ids(_user_id, array[_lesson_id])))
      )
    )
  );
end;
$$;

create or replace function public.viewer_access_ids(_user_id uuid, _kind text, out decided uuid[], out unlocked uuid[], out visible uuid[])
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
declare
  kept constant boolean := _user_id = auth.uid() and _kind in ('module', 'tool', 'lesson');
  stamp constant text := statement_timestamp()::text || ' ' || _user_id::text || '=';
  memo text;
  each_kind record;
begin
  if not kept then
    select coalesce(array_agg(e.item_id), '{}'),
      coalesce(array_agg(e.item_id) filter (where e.is_unlocked), '{}'),
      coalesce(array_agg(e.item_id) filter (where e.is_visible), '{}')
    into decided, unlocked, visible
    from public.effective_access_of(_user_id, _kind, null) e;
    return;
  end if;
  memo := current_setting('access.' || _kind, true);
  if memo is null or not starts_with(memo, stamp) then
    -- One computation answers all three kinds: a page asks about each of them.
    for each_kind in
      select k.kind,
        coalesce(array_agg(e.item_id) filter (where e.item_id is not null), '{}') as decided,
        coalesce(array_agg(e.item_id) filter (where e.is_unlocked), '{}') as unlocked,
        coalesce(array_agg(e.item_id) filter (where e.is_visible), '{}') as visible
      from unnest(array['module', 'tool', 'lesson']) k(kind)
      left join public.effective_access_of(_user_id, null, null) e on e.kind = k.kind
      group by k.kind
    loop
      perform set_config('access.' || each_kind.kind, stamp || each_kind.decided::text || ';' || each_kind.unlocked::text || ';' || each_kind.visible::text, true);
    end loop;
    memo := current_setting('access.' || _kind, true);
  end if;
  memo := substr(memo, length(stamp) + 1);
  decided := split_part(memo, ';', 1)::uuid[];
  unlocked := split_part(memo, ';', 2)::uuid[];
  visible := split_part(memo, ';', 3)::uuid[];
end;
$$;

create or replace function public.track_access(_student_id uuid, _kind text) returns jsonb
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
begin
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
      'item_id', a.item_id, 'is_unlocked', a.is_unlocked, 'is_visible', a.is_visible, 'opens_at', a.opens_at
    )), '[]'::jsonb)
    from public.effective_access_of(coalesce(_student_id, auth.uid()), _kind, null) a
  );
end;
$$;

create or replace function public.dashboard_page(_student_id uuid default null) returns jsonb
  language plpgsql stable
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
declare
  viewer constant uuid := coalesce(_student_id, auth.uid());
  tools record := public.viewer_access_ids(viewer, 'tool');
  course_modules record := public.viewer_access_ids(viewer, 'module');
  lessons record := public.viewer_access_ids(viewer, 'lesson');
begin
  return (
    with open_tools as (
      select unnest(tools.unlocked) as id intersect select unnest(tools.visible)
    ),
    open_modules as (
      select unnest(course_modules.unlocked) as id intersect select unnest(course_modules.visible)
    ),
    closed_lessons as (
      select unnest(lessons.decided) as id except (select unnest(lessons.unlocked) intersect select unnest(lessons.visible))
    ),
    visible as materialized (
      select v.* from public.visible_lessons(viewer) v
      where v.tool_id in (select id from open_tools) or v.course_module_id in (select id from open_modules)
    ),
    progress as materialized (
      select p.lesson_id, p.completed_at, p.last_opened_at from public.lesson_progress p
      where p.user_id = viewer and p.lesson_id in (select id from visible)
    ),
    held as (
      select unnest(public.held_lesson_ids(viewer, array(select lesson_id from progress))) as id
    ),
    counted as (
      select v.tool_id, v.course_module_id, exists (select 1 from progress p where p.lesson_id = v.id and p.completed_at is not null) as completed
      from visible v
    ),
    last_lesson as (
      select v.id, v.title, t.name as tool_name, c.id as course_module_id, c.title as course_module_title
      from progress p
      join visible v on v.id = p.lesson_id
      left join public.tech_tools t on t.id = v.tool_id
      left join public.course_modules c on c.id = v.course_module_id
      where p.last_opened_at is not null
        -- What can_open_lesson asks beyond the above, against the access computed once.
        and v.id not in (select id from closed_lessons)
        -- Nor a lesson a stop-lesson holds: «Продолжить» never leads to a closed door.
        and v.id not in (select id from held)
      order by p.last_opened_at desc
      limit 1
    )
    select jsonb_build_object(
      'profile', (select jsonb_build_object('role', p.role, 'full_name', p.full_name) from public.profiles p where p.id = viewer),
      'product_founder', (
        select jsonb_build_object('total', count(*), 'completed', count(*) filter (where completed))
        from counted where course_module_id is not null
      ),
      'tech_founder', (
        select jsonb_build_object('total', count(*), 'completed', count(*) filter (where completed))
        from counted where tool_id is not null
      ),
      'continue', (select to_jsonb(last_lesson) from last_lesson)
    )
  );
end;
$$;

-- The hidden list is what policies ask most (each table's policy, nested ones again): it keeps its
-- own short answer for the statement rather than parsing the viewer's three full lists each time.
create or replace function public.hidden_item_ids(_user_id uuid, _kind text) returns uuid[]
  language plpgsql stable security definer
  set search_path to ''
  set plan_cache_mode to 'force_generic_plan'
as $$
declare
  kept constant boolean := _user_id = auth.uid() and _kind in ('module', 'tool', 'lesson');
  stamp constant text := statement_timestamp()::text || ' ' || _user_id::text || '=';
  memo text := case when kept then current_setting('access.hidden_' || _kind, true) end;
  access record;
  hidden uuid[];
begin
  if starts_with(memo, stamp) then
    return substr(memo, length(stamp) + 1)::uuid[];
  end if;
  access := public.viewer_access_ids(_user_id, _kind);
  hidden := coalesce((select array_agg(id) from unnest(access.decided) id where not id = any (access.visible)), '{}');
  if kept then
    perform set_config('access.hidden_' || _kind, stamp || hidden::text, true);
  end if;
  return hidden;
end;
$$;
