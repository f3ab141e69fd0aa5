-- The owner's list of promo codes with how often each was used (issue 45): counted by the database,
-- since a select of orders through the Data API stops at max_rows.

create function public.promo_codes_overview()
  returns table (id uuid, code text, percent_off integer, amount_off_kopecks bigint, offer_ids uuid[], max_uses integer,
    expires_at timestamptz, is_active boolean, created_at timestamptz, uses integer)
  language sql stable
  set search_path = ''
as $$
  select p.id, p.code, p.percent_off, p.amount_off_kopecks, p.offer_ids, p.max_uses, p.expires_at, p.is_active, p.created_at,
    (select count(*)::integer from public.orders o where o.promo_code_id = p.id and o.status <> 'canceled')
  from public.promo_codes p
  order by p.created_at desc, p.id;
$$;

comment on function public.promo_codes_overview() is 'Every promo code with its uses (orders with it that are not canceled, as offer_price counts them), newest first, for /admin/promo-codes. Runs as the invoker: row level security shows codes and orders to admins only.';

revoke all on function public.promo_codes_overview() from public;
grant execute on function public.promo_codes_overview() to authenticated, service_role;
