-- Two workers claiming at once must not wait on each other (a real PostgreSQL with concurrent
-- sessions showed it): claim_deliveries created a missing unsubscribe token, and an insert waits
-- for another transaction's insert of the same key. The token is now made when an e-mail is
-- planned, so claiming only reads and locks its own rows (`skip locked`).

insert into public.email_unsubscribe_tokens (user_id) select id from public.profiles on conflict do nothing;

create or replace function public.plan_deliveries() returns trigger
  language plpgsql security definer
  set search_path = ''
as $$
begin
  insert into public.notification_deliveries (notification_id, channel)
  select new.id, c.channel
  from unnest(enum_range(null::public.notification_channel)) c (channel)
  where public.channel_wanted(new.user_id, new.kind, c.channel);
  if found and public.channel_wanted(new.user_id, new.kind, 'email') then
    insert into public.email_unsubscribe_tokens (user_id) values (new.user_id) on conflict do nothing;
  end if;
  return null;
end;
$$;

create or replace function public.claim_deliveries(_limit integer default 20, _lease_seconds integer default 120)
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
    case when c.channel = 'email' then u.token end
  from claimed c
  join public.notifications n on n.id = c.notification_id
  join public.profiles p on p.id = n.user_id
  left join public.telegram_links t on t.user_id = n.user_id
  left join public.email_unsubscribe_tokens u on u.user_id = n.user_id
  order by c.id;
end;
$$;
