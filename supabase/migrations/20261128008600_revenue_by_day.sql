-- Revenue by day for the owner (issue 45): what was paid and what was returned on each Moscow day,
-- counted by the database from the orders and their refund events.

create function public.revenue_by_day(_from date, _to date)
  returns table (day date, orders integer, paid_kopecks bigint, refunded_kopecks bigint)
  language sql stable
  set search_path = ''
as $$
  with paid as (
    select (o.paid_at at time zone 'Europe/Moscow')::date as day, count(*)::integer as orders, sum(o.amount_kopecks)::bigint as kopecks
    from public.orders o
    where o.paid_at >= (_from::timestamp at time zone 'Europe/Moscow') and o.paid_at < ((_to + 1)::timestamp at time zone 'Europe/Moscow')
      -- A buyer reads their own orders: the school's revenue is the admins' alone.
      and (select public.is_admin())
    group by 1
  ),
  refunded as (
    select (e.created_at at time zone 'Europe/Moscow')::date as day, sum((e.detail ->> 'amount_kopecks')::bigint)::bigint as kopecks
    from public.order_events e
    where e.kind = 'refunded'
      and e.created_at >= (_from::timestamp at time zone 'Europe/Moscow') and e.created_at < ((_to + 1)::timestamp at time zone 'Europe/Moscow')
    group by 1
  )
  select d.day::date, coalesce(p.orders, 0), coalesce(p.kopecks, 0)::bigint, coalesce(r.kopecks, 0)::bigint
  from generate_series(_from, _to, interval '1 day') d(day)
  left join paid p on p.day = d.day::date
  left join refunded r on r.day = d.day::date
  where _to - _from between 0 and 366
  order by 1;
$$;

comment on function public.revenue_by_day(date, date) is 'For each Moscow day from _from to _to (at most a year): the orders paid that day, their amount and the refunds made that day, in kopecks. For admins only: anyone else reads zeros (a buyer''s own orders are not the school''s revenue).';

revoke all on function public.revenue_by_day(date, date) from public;
grant execute on function public.revenue_by_day(date, date) to authenticated, service_role;
