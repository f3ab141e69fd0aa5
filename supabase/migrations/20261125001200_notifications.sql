-- Notifications (issue 29): a transactional outbox. Events are written by triggers in the same
-- transaction as the change that causes them, whichever way it was made (the app, the studio, SQL);
-- each event plans one delivery per channel the person wants, and a worker sends them.

create type public.notification_kind as enum (
  'welcome', 'homework_returned', 'homework_accepted', 'review_waiting', 'access_opened', 'item_unlocked'
);
create type public.notification_channel as enum ('email', 'telegram');
create type public.delivery_status as enum ('pending', 'sending', 'sent', 'failed', 'skipped');

-- Events -------------------------------------------------------------------------------------

create table public.notifications (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind public.notification_kind not null,
  payload jsonb not null default '{}',
  created_at timestamptz not null default now(),
  read_at timestamptz
);
create index notifications_user_idx on public.notifications (user_id, created_at desc, id desc);
create index notifications_unread_idx on public.notifications (user_id) where read_at is null;

alter table public.notifications enable row level security;
create policy "Users read their own notifications" on public.notifications
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins read notifications" on public.notifications
  for select to authenticated using ((select public.is_admin()));
revoke all on public.notifications from anon, authenticated;
grant select on public.notifications to authenticated;

create function public.mark_notifications_read(_ids bigint[] default null) returns integer
  language sql security definer
  set search_path = ''
as $$
  with marked as (
    update public.notifications set read_at = now()
    where user_id = auth.uid() and read_at is null and (_ids is null or id = any(_ids))
    returning 1
  )
  select count(*)::integer from marked;
$$;
revoke all on function public.mark_notifications_read(bigint[]) from public, anon;
grant execute on function public.mark_notifications_read(bigint[]) to authenticated;

-- Who wants what where ------------------------------------------------------------------------

-- A row is an explicit choice; without one, every kind goes by e-mail, and to Telegram once linked.
create table public.notification_preferences (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind public.notification_kind not null,
  channel public.notification_channel not null,
  enabled boolean not null,
  primary key (user_id, kind, channel)
);
alter table public.notification_preferences enable row level security;
create policy "Users read their own preferences" on public.notification_preferences
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users add their own preferences" on public.notification_preferences
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users change their own preferences" on public.notification_preferences
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "Users remove their own preferences" on public.notification_preferences
  for delete to authenticated using (user_id = (select auth.uid()));
revoke all on public.notification_preferences from anon, authenticated;
grant select, insert, update, delete on public.notification_preferences to authenticated;

create table public.telegram_links (
  user_id uuid primary key references auth.users (id) on delete cascade,
  chat_id bigint not null unique,
  username text,
  linked_at timestamptz not null default now()
);
alter table public.telegram_links enable row level security;
create policy "Users read their own Telegram link" on public.telegram_links
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users remove their own Telegram link" on public.telegram_links
  for delete to authenticated using (user_id = (select auth.uid()));
revoke all on public.telegram_links from anon, authenticated;
grant select, delete on public.telegram_links to authenticated;

-- One-time tokens of the deep link t.me/<bot>?start=<token>; only their hash is kept.
create table public.telegram_link_tokens (
  token_hash text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  expires_at timestamptz not null
);
create index telegram_link_tokens_user_idx on public.telegram_link_tokens (user_id);
alter table public.telegram_link_tokens enable row level security;
revoke all on public.telegram_link_tokens from anon, authenticated;

create function public.create_telegram_link_token() returns text
  language plpgsql security definer
  set search_path = ''
as $$
declare
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  if auth.uid() is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  delete from public.telegram_link_tokens where user_id = auth.uid() or expires_at < now();
  insert into public.telegram_link_tokens (token_hash, user_id, expires_at)
  values (encode(sha256(convert_to(token, 'UTF8')), 'hex'), auth.uid(), now() + interval '15 minutes');
  return token;
end;
$$;
revoke all on function public.create_telegram_link_token() from public, anon;
grant execute on function public.create_telegram_link_token() to authenticated;

-- The webhook's: a chat belongs to one account, an account to one chat.
create function public.link_telegram(_token text, _chat_id bigint, _username text) returns uuid
  language plpgsql security definer
  set search_path = ''
as $$
declare
  owner uuid;
begin
  delete from public.telegram_link_tokens
  where token_hash = encode(sha256(convert_to(coalesce(_token, ''), 'UTF8')), 'hex') and expires_at > now()
  returning user_id into owner;
  if owner is null then
    return null;
  end if;
  delete from public.telegram_links where chat_id = _chat_id and user_id <> owner;
  insert into public.telegram_links (user_id, chat_id, username) values (owner, _chat_id, _username)
  on conflict (user_id) do update set chat_id = excluded.chat_id, username = excluded.username, linked_at = now();
  return owner;
end;
$$;
revoke all on function public.link_telegram(text, bigint, text) from public, anon, authenticated;
grant execute on function public.link_telegram(text, bigint, text) to service_role;

create function public.unlink_telegram_chat(_chat_id bigint) returns boolean
  language sql security definer
  set search_path = ''
as $$
  with removed as (delete from public.telegram_links where chat_id = _chat_id returning 1)
  select exists (select 1 from removed);
$$;
revoke all on function public.unlink_telegram_chat(bigint) from public, anon, authenticated;
grant execute on function public.unlink_telegram_chat(bigint) to service_role;

create function public.channel_wanted(_user_id uuid, _kind public.notification_kind, _channel public.notification_channel)
  returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(
      (select p.enabled from public.notification_preferences p
       where p.user_id = _user_id and p.kind = _kind and p.channel = _channel),
      true)
    and (_channel <> 'telegram' or exists (select 1 from public.telegram_links t where t.user_id = _user_id));
$$;
revoke all on function public.channel_wanted(uuid, public.notification_kind, public.notification_channel) from public, anon, authenticated;
grant execute on function public.channel_wanted(uuid, public.notification_kind, public.notification_channel) to service_role;

-- Deliveries ------------------------------------------------------------------------------------

-- One row per event and channel (the idempotency key): a crash between sending and recording
-- sends that one message at most once more, when its lease runs out.
create table public.notification_deliveries (
  id bigint generated always as identity primary key,
  notification_id bigint not null references public.notifications (id) on delete cascade,
  channel public.notification_channel not null,
  status public.delivery_status not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  constraint notification_deliveries_once unique (notification_id, channel)
);
create index notification_deliveries_due_idx on public.notification_deliveries (next_attempt_at)
  where status in ('pending', 'sending');
create index notification_deliveries_failed_idx on public.notification_deliveries (created_at desc)
  where status = 'failed';

alter table public.notification_deliveries enable row level security;
create policy "Admins read deliveries" on public.notification_deliveries
  for select to authenticated using ((select public.is_admin()));
revoke all on public.notification_deliveries from anon, authenticated;
grant select on public.notification_deliveries to authenticated;

create function public.plan_deliveries() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  insert into public.notification_deliveries (notification_id, channel)
  select new.id, c.channel
  from unnest(enum_range(null::public.notification_channel)) c (channel)
  where public.channel_wanted(new.user_id, new.kind, c.channel);
  return null;
end;
$$;
create trigger notifications_plan_deliveries after insert on public.notifications
  for each row execute function public.plan_deliveries();

create function public.claim_deliveries(_limit integer default 20, _lease_seconds integer default 120)
  returns table (
    delivery_id bigint, channel public.notification_channel, attempts integer, notification_id bigint,
    user_id uuid, kind public.notification_kind, payload jsonb, created_at timestamptz,
    email text, full_name text, chat_id bigint, wanted boolean
  )
  language plpgsql security definer
  set search_path = ''
as $$
begin
  return query
  with due as (
    select d.id from public.notification_deliveries d
    where (d.status = 'pending' and d.next_attempt_at <= now())
      or (d.status = 'sending' and d.lease_until <= now())
    order by d.next_attempt_at, d.id
    limit greatest(1, least(_limit, 100))
    for update skip locked
  ),
  claimed as (
    update public.notification_deliveries d
    set status = 'sending', attempts = d.attempts + 1,
      lease_until = now() + make_interval(secs => greatest(10, _lease_seconds))
    from due where d.id = due.id
    returning d.id, d.channel, d.attempts, d.notification_id
  )
  select c.id, c.channel, c.attempts, n.id, n.user_id, n.kind, n.payload, n.created_at,
    p.email, p.full_name, t.chat_id, public.channel_wanted(n.user_id, n.kind, c.channel)
  from claimed c
  join public.notifications n on n.id = c.notification_id
  join public.profiles p on p.id = n.user_id
  left join public.telegram_links t on t.user_id = n.user_id
  order by c.id;
end;
$$;
revoke all on function public.claim_deliveries(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_deliveries(integer, integer) to service_role;

-- 'sent', 'skipped' (no longer wanted), 'failed' (permanent) or 'retry' (after the channel's
-- retry_after, or a backoff of 30 s doubling per attempt, up to an hour; the fifth failure is final).
create function public.finish_delivery(_delivery_id bigint, _outcome text, _error text default null, _retry_after_seconds integer default null)
  returns public.delivery_status
  language plpgsql security definer
  set search_path = ''
as $$
declare
  result public.delivery_status;
begin
  if _outcome not in ('sent', 'skipped', 'failed', 'retry') then
    raise exception 'unknown outcome %', _outcome using errcode = '22023';
  end if;
  update public.notification_deliveries d
  set status = case
        when _outcome = 'retry' and d.attempts >= 5 then 'failed'
        when _outcome = 'retry' then 'pending'
        else _outcome
      end::public.delivery_status,
    next_attempt_at = case when _outcome = 'retry'
      then now() + make_interval(secs => least(3600, greatest(coalesce(_retry_after_seconds, 0), 30 * power(2, d.attempts - 1))))
      else d.next_attempt_at end,
    lease_until = null,
    last_error = case when _outcome = 'sent' then null else left(_error, 500) end,
    sent_at = case when _outcome = 'sent' then now() else d.sent_at end
  where d.id = _delivery_id and d.status = 'sending'
  returning d.status into result;
  return result;
end;
$$;
revoke all on function public.finish_delivery(bigint, text, text, integer) from public, anon, authenticated;
grant execute on function public.finish_delivery(bigint, text, text, integer) to service_role;

create function public.retry_delivery(_delivery_id bigint) returns void
  language plpgsql security definer
  set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'not allowed' using errcode = '42501';
  end if;
  update public.notification_deliveries
  set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null
  where id = _delivery_id and status = 'failed';
  if not found then
    raise exception 'delivery not found' using errcode = 'P0002';
  end if;
end;
$$;
revoke all on function public.retry_delivery(bigint) from public, anon;
grant execute on function public.retry_delivery(bigint) to authenticated;

-- Events: welcome and homework ----------------------------------------------------------------

create function public.notify_welcome() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  insert into public.notifications (user_id, kind, payload)
  values (new.id, 'welcome', jsonb_build_object('name', new.full_name));
  return null;
end;
$$;
create trigger profiles_notify_welcome after insert on public.profiles
  for each row execute function public.notify_welcome();

create function public.lesson_reference(_lesson_id uuid) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object('lesson_id', l.id, 'lesson_title', l.title, 'tool_name', t.name, 'module_id', l.course_module_id)
  from public.lessons l left join public.tech_tools t on t.id = l.tool_id
  where l.id = _lesson_id;
$$;
revoke all on function public.lesson_reference(uuid) from public, anon, authenticated;

create function public.notify_homework_decision() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  insert into public.notifications (user_id, kind, payload)
  select new.user_id,
    case when new.status = 'accepted' then 'homework_accepted' else 'homework_returned' end::public.notification_kind,
    public.lesson_reference(a.lesson_id) || jsonb_build_object('submission_id', new.id, 'attempt', new.attempt)
  from public.assignments a where a.id = new.assignment_id;
  return null;
end;
$$;
create trigger submissions_notify_decision after update of status on public.submissions
  for each row when (old.status = 'submitted' and new.status in ('accepted', 'returned'))
  execute function public.notify_homework_decision();

-- A curator hears of new work at most once an hour: later work in that hour adds to the same
-- digest (and makes it unread again) instead of sending another message.
create function public.notify_review_waiting() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  curator uuid;
begin
  for curator in
    select distinct c.user_id from public.group_curators c
    join public.group_members m on m.group_id = c.group_id
    where m.user_id = new.user_id and c.user_id <> new.user_id
  loop
    perform pg_advisory_xact_lock(hashtextextended('review_waiting:' || curator::text, 0));
    update public.notifications n
    set payload = jsonb_set(n.payload, '{count}', to_jsonb(coalesce((n.payload ->> 'count')::integer, 0) + 1)),
      read_at = null
    where n.id = (
      select x.id from public.notifications x
      where x.user_id = curator and x.kind = 'review_waiting' and x.created_at > now() - interval '1 hour'
      order by x.created_at desc limit 1
    );
    if not found then
      insert into public.notifications (user_id, kind, payload) values (curator, 'review_waiting', '{"count": 1}');
    end if;
  end loop;
  return null;
end;
$$;
create trigger submissions_notify_review_waiting after insert on public.submissions
  for each row execute function public.notify_review_waiting();

-- Events: access that opens ----------------------------------------------------------------------

-- Each student hears once per item that it opened: when a grant opens it now, or when its date passes.
create table public.notified_openings (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('tool', 'module', 'lesson')),
  item_id uuid not null,
  notified_at timestamptz not null default now(),
  primary key (user_id, kind, item_id)
);
alter table public.notified_openings enable row level security;
revoke all on public.notified_openings from anon, authenticated;

-- _pairs: [{user_id, kind, item_id}]. One notification per student, listing the items that are
-- now open and visible to them (their own record or a group's, as everywhere), published, and
-- not told before.
create function public.notify_openings(_pairs jsonb, _kind public.notification_kind) returns integer
  language sql security definer
  set search_path = ''
as $$
  with pairs as (
    select distinct (p ->> 'user_id')::uuid as user_id, p ->> 'kind' as kind, (p ->> 'item_id')::uuid as item_id
    from jsonb_array_elements(_pairs) p
  ),
  untold as (
    select p.* from pairs p
    where not exists (
      select 1 from public.notified_openings o
      where o.user_id = p.user_id and o.kind = p.kind and o.item_id = p.item_id
    )
  ),
  open_now as (
    select u.* from (select distinct user_id from untold) students
    cross join lateral public.effective_access(students.user_id) e
    join untold u on u.user_id = students.user_id and u.kind = e.kind and u.item_id = e.item_id
    where e.is_unlocked and e.is_visible
  ),
  described as (
    select o.user_id, o.kind, o.item_id, item.title,
      jsonb_strip_nulls(jsonb_build_object('kind', o.kind, 'id', o.item_id, 'title', item.title,
        'tool_name', item.tool_name, 'module_id', item.module_id)) as entry
    from open_now o
    cross join lateral (
      select t.name as title, t.name as tool_name, null::uuid as module_id
      from public.tech_tools t where o.kind = 'tool' and t.id = o.item_id and t.is_published
      union all
      select m.title, null, m.id
      from public.course_modules m where o.kind = 'module' and m.id = o.item_id and m.is_published
      union all
      select l.title, t.name, l.course_module_id
      from public.lessons l left join public.tech_tools t on t.id = l.tool_id
      where o.kind = 'lesson' and l.id = o.item_id and l.is_published
    ) item
  ),
  recorded as (
    insert into public.notified_openings (user_id, kind, item_id)
    select user_id, kind, item_id from described
    on conflict do nothing
    returning user_id, kind, item_id
  ),
  created as (
    insert into public.notifications (user_id, kind, payload)
    select d.user_id, _kind, jsonb_build_object('items', jsonb_agg(d.entry order by d.title))
    from described d
    join recorded r on r.user_id = d.user_id and r.kind = d.kind and r.item_id = d.item_id
    group by d.user_id
    returning 1
  )
  select count(*)::integer from created;
$$;
revoke all on function public.notify_openings(jsonb, public.notification_kind) from public, anon, authenticated;

-- Statement-level, so «Открыть всё» or a group grant to 200 students is one notification each.
create function public.notify_access_opened() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  item_kind text := case
    when tg_table_name like '%tool_access' then 'tool'
    when tg_table_name like '%module_access' then 'module'
    else 'lesson' end;
  pairs jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_object('user_id', coalesce((g.row ->> 'user_id')::uuid, m.user_id),
      'kind', item_kind, 'item_id', g.row ->> (item_kind || '_id'))), '[]')
  into pairs
  from (select to_jsonb(n) as row from changed_rows n) g
  left join public.group_members m on m.group_id = (g.row ->> 'group_id')::uuid
  where (g.row ->> 'is_unlocked')::boolean
    and (g.row ->> 'unlock_at' is null or (g.row ->> 'unlock_at')::timestamptz <= now())
    and coalesce((g.row ->> 'user_id')::uuid, m.user_id) is not null;
  if jsonb_array_length(pairs) > 0 then
    perform public.notify_openings(pairs, 'access_opened');
  end if;
  return null;
end;
$$;

create trigger tool_access_notify_insert after insert on public.tool_access
  referencing new table as changed_rows for each statement execute function public.notify_access_opened();
create trigger tool_access_notify_update after update on public.tool_access
  referencing new table as changed_rows for each statement execute function public.notify_access_opened();
create trigger module_access_notify_insert after insert on public.module_access
  referencing new table as changed_rows for each statement execute function public.notify_access_opened();
create trigger module_access_notify_update after update on public.module_access
  referencing new table as changed_rows for each statement execute function public.notify_access_opened();
create trigger lesson_access_notify_insert after insert on public.lesson_access
  referencing new table as changed_rows for each statement execute function public.notify_access_opened();
create trigger lesson_access_notify_update after update on public.lesson_access
  referencing new table as changed_rows for each statement execute function public.notify_access_opened();
create trigger group_tool_access_notify_insert after insert on public.group_tool_access
  referencing new table as changed_rows for each statement execute function public.notify_access_opened();
create trigger group_tool_access_notify_update after update on public.group_tool_access
  referencing new table as changed_rows for each statement execute function public.notify_access_opened();
create trigger group_module_access_notify_insert after insert on public.group_module_access
  referencing new table as changed_rows for each statement execute function public.notify_access_opened();
create trigger group_module_access_notify_update after update on public.group_module_access
  referencing new table as changed_rows for each statement execute function public.notify_access_opened();
create trigger group_lesson_access_notify_insert after insert on public.group_lesson_access
  referencing new table as changed_rows for each statement execute function public.notify_access_opened();
create trigger group_lesson_access_notify_update after update on public.group_lesson_access
  referencing new table as changed_rows for each statement execute function public.notify_access_opened();

-- A student added to a group hears of what the group already has open.
create function public.notify_joined_group() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
declare
  pairs jsonb;
begin
  with joined as (select m.user_id, m.group_id from changed_rows m),
  open_grants as (
    select 'tool' as kind, g.tool_id as item_id, g.group_id, g.is_unlocked, g.unlock_at from public.group_tool_access g
    union all
    select 'module', g.module_id, g.group_id, g.is_unlocked, g.unlock_at from public.group_module_access g
    union all
    select 'lesson', g.lesson_id, g.group_id, g.is_unlocked, g.unlock_at from public.group_lesson_access g
  )
  select coalesce(jsonb_agg(jsonb_build_object('user_id', j.user_id, 'kind', o.kind, 'item_id', o.item_id)), '[]')
  into pairs
  from joined j join open_grants o on o.group_id = j.group_id
  where o.is_unlocked and (o.unlock_at is null or o.unlock_at <= now());
  if jsonb_array_length(pairs) > 0 then
    perform public.notify_openings(pairs, 'access_opened');
  end if;
  return null;
end;
$$;
create trigger group_members_notify_joined after insert on public.group_members
  referencing new table as changed_rows for each statement execute function public.notify_joined_group();

-- Dates pass without a write: the worker asks each minute for the grants whose unlock_at passed
-- since the last scan. The scan starts when this migration runs, so nothing old is announced.
create table public.notification_scan (
  id boolean primary key default true check (id),
  scanned_until timestamptz not null
);
alter table public.notification_scan enable row level security;
revoke all on public.notification_scan from anon, authenticated;
insert into public.notification_scan (scanned_until) values (now());

create index tool_access_unlock_at_idx on public.tool_access (unlock_at) where unlock_at is not null;
create index module_access_unlock_at_idx on public.module_access (unlock_at) where unlock_at is not null;
create index lesson_access_unlock_at_idx on public.lesson_access (unlock_at) where unlock_at is not null;
create index group_tool_access_unlock_at_idx on public.group_tool_access (unlock_at) where unlock_at is not null;
create index group_module_access_unlock_at_idx on public.group_module_access (unlock_at) where unlock_at is not null;
create index group_lesson_access_unlock_at_idx on public.group_lesson_access (unlock_at) where unlock_at is not null;

create function public.notify_scheduled_openings() returns integer
  language plpgsql security definer
  set search_path = ''
as $$
declare
  since timestamptz;
  scanned timestamptz := now();
  pairs jsonb;
begin
  select s.scanned_until into since from public.notification_scan s for update;
  with passed as (
    select a.user_id, 'tool' as kind, a.tool_id as item_id from public.tool_access a
    where a.is_unlocked and a.unlock_at > since and a.unlock_at <= scanned
    union all
    select a.user_id, 'module', a.module_id from public.module_access a
    where a.is_unlocked and a.unlock_at > since and a.unlock_at <= scanned
    union all
    select a.user_id, 'lesson', a.lesson_id from public.lesson_access a
    where a.is_unlocked and a.unlock_at > since and a.unlock_at <= scanned
    union all
    select m.user_id, 'tool', g.tool_id from public.group_tool_access g
    join public.group_members m on m.group_id = g.group_id
    where g.is_unlocked and g.unlock_at > since and g.unlock_at <= scanned
    union all
    select m.user_id, 'module', g.module_id from public.group_module_access g
    join public.group_members m on m.group_id = g.group_id
    where g.is_unlocked and g.unlock_at > since and g.unlock_at <= scanned
    union all
    select m.user_id, 'lesson', g.lesson_id from public.group_lesson_access g
    join public.group_members m on m.group_id = g.group_id
    where g.is_unlocked and g.unlock_at > since and g.unlock_at <= scanned
  )
  select coalesce(jsonb_agg(jsonb_build_object('user_id', p.user_id, 'kind', p.kind, 'item_id', p.item_id)), '[]')
  into pairs from passed p;
  update public.notification_scan set scanned_until = scanned;
  if jsonb_array_length(pairs) = 0 then
    return 0;
  end if;
  return public.notify_openings(pairs, 'item_unlocked');
end;
$$;
revoke all on function public.notify_scheduled_openings() from public, anon, authenticated;
grant execute on function public.notify_scheduled_openings() to service_role;

-- The profile's e-mail follows the account's, once Auth has confirmed the change.
create function public.sync_profile_email() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  update public.profiles set email = new.email where id = new.id and email is distinct from new.email;
  return null;
end;
$$;
create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (old.email is distinct from new.email and new.email is not null)
  execute function public.sync_profile_email();
