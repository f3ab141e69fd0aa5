-- One reminder for an order left unpaid (issue 45): the buyer went to ЮKassa's page and did not pay.
-- The notification worker asks at the start of each round, with the delay the school configured.

create function public.remind_unpaid_orders(_after_minutes integer) returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  reminded integer;
begin
  with due as (
    select o.id, o.number, o.user_id, f.title, f.slug
    from public.orders o
    join public.offers f on f.id = o.offer_id
    where o.status = 'pending' and o.payment_id is not null and o.user_id is not null
      and o.created_at <= now() - make_interval(mins => greatest(_after_minutes, 1))
      -- A week on, the payment has long expired at ЮKassa: a reminder then says nothing useful.
      and o.created_at > now() - interval '7 days'
      and not exists (select 1 from public.order_events e where e.order_id = o.id and e.kind = 'reminded')
    for update of o skip locked
  ),
  marked as (
    insert into public.order_events (order_id, kind, detail)
    select d.id, 'reminded', '{}'::jsonb from due d
    returning order_id
  )
  insert into public.notifications (user_id, kind, payload)
  select d.user_id, 'order_unpaid', jsonb_build_object('order_number', d.number, 'title', d.title, 'slug', d.slug)
  from due d join marked m on m.order_id = d.id;
  get diagnostics reminded = row_count;
  return reminded;
end;
$$;

comment on function public.remind_unpaid_orders(integer) is 'Tells each buyer once (an order event «reminded» marks it) that an order whose payment was started _after_minutes ago or more is still unpaid, within a week of the order; skips orders another worker is reminding (skip locked). Answers how many were reminded. Service role only: the notification worker calls it at the start of each round, with ORDER_REMINDER_MINUTES.';

revoke all on function public.remind_unpaid_orders(integer) from public;
grant execute on function public.remind_unpaid_orders(integer) to service_role;
