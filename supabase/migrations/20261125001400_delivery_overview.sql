-- What the admin's «Доставка уведомлений» shows, in one call: what waits, what went out today, and
-- the deliveries the worker gave up on, with whom they were for and why.

create index notification_deliveries_sent_idx on public.notification_deliveries (sent_at desc) where status = 'sent';

create function public.delivery_overview(_limit integer default 50) returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select case when public.is_admin() then jsonb_build_object(
    'waiting', (select count(*) from public.notification_deliveries d where d.status in ('pending', 'sending')),
    'sent_today', (select count(*) from public.notification_deliveries d where d.status = 'sent' and d.sent_at > now() - interval '1 day'),
    'failed', (select count(*) from public.notification_deliveries d where d.status = 'failed'),
    'failures', coalesce((
      select jsonb_agg(f order by f.created_at desc, f.id desc)
      from (
        select d.id, d.channel, d.attempts, d.last_error, d.created_at, n.kind, p.email, p.full_name
        from public.notification_deliveries d
        join public.notifications n on n.id = d.notification_id
        join public.profiles p on p.id = n.user_id
        where d.status = 'failed'
        order by d.created_at desc, d.id desc
        limit greatest(1, least(_limit, 200))
      ) f
    ), '[]')
  ) end;
$$;
revoke all on function public.delivery_overview(integer) from public, anon;
grant execute on function public.delivery_overview(integer) to authenticated;

-- «Отметить все прочитанными» marks what the page showed: a notification that arrived after the
-- page was drawn stays unread.
drop function public.mark_notifications_read(bigint[]);
create function public.mark_notifications_read(_ids bigint[] default null, _before timestamptz default null) returns integer
  language sql security definer
  set search_path = ''
as $$
  with marked as (
    update public.notifications set read_at = now()
    where user_id = auth.uid() and read_at is null
      and (_ids is null or id = any(_ids))
      and (_before is null or created_at <= _before)
    returning 1
  )
  select count(*)::integer from marked;
$$;
revoke all on function public.mark_notifications_read(bigint[], timestamptz) from public, anon;
grant execute on function public.mark_notifications_read(bigint[], timestamptz) to authenticated;
