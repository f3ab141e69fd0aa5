-- One-click unsubscribe (RFC 8058) from a notification e-mail, without a session and without the
-- service key in the request path: each account has a random token that only its own e-mails carry,
-- and `unsubscribe_email` turns one kind (or every kind) off for the e-mail channel.

create table public.email_unsubscribe_tokens (
  user_id uuid primary key references auth.users (id) on delete cascade,
  token text not null unique default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
);
alter table public.email_unsubscribe_tokens enable row level security;
revoke all on public.email_unsubscribe_tokens from anon, authenticated;

create function public.email_unsubscribe_token(_user_id uuid) returns text
  language plpgsql security definer
  set search_path = ''
as $$
declare
  result text;
begin
  insert into public.email_unsubscribe_tokens (user_id) values (_user_id) on conflict (user_id) do nothing;
  select t.token into result from public.email_unsubscribe_tokens t where t.user_id = _user_id;
  return result;
end;
$$;
revoke all on function public.email_unsubscribe_token(uuid) from public, anon, authenticated;

-- What the unsubscribe page shows before the person confirms: the kind's own name comes from the app.
create function public.unsubscribe_target(_token text) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select jsonb_build_object('email', p.email)
  from public.email_unsubscribe_tokens t join public.profiles p on p.id = t.user_id
  where t.token = _token;
$$;
revoke all on function public.unsubscribe_target(text) from public;
grant execute on function public.unsubscribe_target(text) to anon, authenticated;

-- _kind null: every kind. Returns false for a token that is not known.
create function public.unsubscribe_email(_token text, _kind public.notification_kind default null) returns boolean
  language plpgsql security definer
  set search_path = ''
as $$
declare
  owner uuid;
begin
  select t.user_id into owner from public.email_unsubscribe_tokens t where t.token = _token;
  if owner is null then
    return false;
  end if;
  insert into public.notification_preferences (user_id, kind, channel, enabled)
  select owner, k.kind, 'email', false
  from unnest(enum_range(null::public.notification_kind)) k (kind)
  where _kind is null or k.kind = _kind
  on conflict (user_id, kind, channel) do update set enabled = false;
  return true;
end;
$$;
revoke all on function public.unsubscribe_email(text, public.notification_kind) from public;
grant execute on function public.unsubscribe_email(text, public.notification_kind) to anon, authenticated;

drop function public.claim_deliveries(integer, integer);
create function public.claim_deliveries(_limit integer default 20, _lease_seconds integer default 120)
  returns table (
    delivery_id bigint, channel public.notification_channel, attempts integer, notification_id bigint,
    user_id uuid, kind public.notification_kind, payload jsonb, created_at timestamptz,
    email text, full_name text, chat_id bigint, wanted boolean, unsubscribe_token text
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
    p.email, p.full_name, t.chat_id, public.channel_wanted(n.user_id, n.kind, c.channel),
    case when c.channel = 'email' then public.email_unsubscribe_token(n.user_id) end
  from claimed c
  join public.notifications n on n.id = c.notification_id
  join public.profiles p on p.id = n.user_id
  left join public.telegram_links t on t.user_id = n.user_id
  order by c.id;
end;
$$;
revoke all on function public.claim_deliveries(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_deliveries(integer, integer) to service_role;
