-- The buyer's order page and the admin's «Заказы» each read in one call: the order with its offer's
-- page and title, and the orders shown with their history (each page made a second read that waited
-- on the first, as it named what the first found).

create function public.buyer_order(_order_id uuid)
returns table (
  id uuid, number bigint, status public.order_status, amount_kopecks bigint, refunded_kopecks bigint,
  payment_id text, access_until timestamptz, created_at timestamptz, offer_slug text, offer_title text
)
  language sql stable
  set search_path to ''
as $$
  select o.id, o.number, o.status, o.amount_kopecks, o.refunded_kopecks, o.payment_id, o.access_until, o.created_at,
    f.slug, f.title
  from public.orders o
  left join public.offers f on f.id = o.offer_id
  where o.id = _order_id;
$$;

comment on function public.buyer_order(uuid) is
  'The order page''s order (/orders/{id}) with its offer''s slug and title, as the caller may read them: security invoker, so row level security shows a buyer their own orders alone (an admin every order), and an offer taken off sale leaves its slug and title null for the buyer.';

revoke all on function public.buyer_order(uuid) from public, anon;
grant execute on function public.buyer_order(uuid) to authenticated, service_role;

create function public.orders_page(
  _status public.order_status default null, _offer_id uuid default null, _from timestamptz default null,
  _to timestamptz default null, _limit integer default 100
)
returns table (
  id uuid, number bigint, status public.order_status, buyer_email text, amount_kopecks bigint,
  refunded_kopecks bigint, created_at timestamptz, paid_at timestamptz, offer_id uuid, total bigint, events jsonb
)
  language sql stable
  set search_path to ''
as $$
  select o.id, o.number, o.status, o.buyer_email, o.amount_kopecks, o.refunded_kopecks, o.created_at, o.paid_at,
    o.offer_id, o.total,
    coalesce((
      select jsonb_agg(jsonb_build_object('kind', e.kind, 'detail', e.detail, 'created_at', e.created_at) order by e.id)
      from public.order_events e where e.order_id = o.id
    ), '[]'::jsonb)
  from (
    select x.*, count(*) over () as total
    from public.orders x
    where (_status is null or x.status = _status)
      and (_offer_id is null or x.offer_id = _offer_id)
      and (_from is null or x.created_at >= _from)
      and (_to is null or x.created_at < _to)
    order by x.created_at desc, x.number desc
    limit greatest(_limit, 0)
  ) o
  order by o.created_at desc, o.number desc;
$$;

comment on function public.orders_page(public.order_status, uuid, timestamptz, timestamptz, integer) is
  'The admin''s «Заказы»: the newest _limit orders of those the filters name (null: any), each with how many the filters name in all (total, counted before the limit) and its history (order_events, oldest first). Security invoker: row level security decides what it reads, so an admin gets every order with its history, and anyone else their own orders alone, without history.';

revoke all on function public.orders_page(public.order_status, uuid, timestamptz, timestamptz, integer) from public, anon;
grant execute on function public.orders_page(public.order_status, uuid, timestamptz, timestamptz, integer) to authenticated, service_role;
