-- Checkout again is the same order (issue 45). A buyer who pressed «Перейти к оплате» twice, came
-- back from ЮKassa's page or reloaded placed a second pending order each time, each holding a use of
-- their promo code: a one-use code refused its own buyer's retry. place_order now answers the
-- buyer's pending order of the last hour for the same course, price, agreement and code, and its
-- payment is the same too (the order id is the payment's idempotence key).

create or replace function public.place_order(_user_id uuid, _offer_id uuid, _code text, _terms_version text) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  buyer_email text;
  offer public.offers;
  price record;
  placed public.orders;
begin
  select u.email into buyer_email from auth.users u where u.id = _user_id;
  select * into offer from public.offers o where o.id = _offer_id and o.is_published;
  if buyer_email is null or offer.id is null then
    return jsonb_build_object('refusal', case when buyer_email is null then 'no_buyer' else 'no_offer' end);
  end if;
  -- One buyer pressing «Перейти к оплате» twice at once: the second waits here and finds the first.
  perform pg_advisory_xact_lock(hashtextextended('place_order ' || _user_id::text || ' ' || _offer_id::text, 0));
  -- Two buyers taking a code's last use at once: the second waits here and then counts the first.
  perform 1 from public.promo_codes p where upper(p.code) = upper(btrim(coalesce(_code, ''))) for update;
  -- The same buyer, course, price and code again within the hour (a retry, a page reloaded, a
  -- payment page closed): the same order, so its payment too (the order id is its idempotence key),
  -- and a code's one use is not taken twice by its own buyer.
  select o.* into placed
  from public.orders o
  left join public.promo_codes p on p.id = o.promo_code_id
  where o.user_id = _user_id and o.offer_id = _offer_id and o.status = 'pending'
    and o.created_at > now() - interval '1 hour'
    and o.list_price_kopecks = offer.price_kopecks and o.terms_version = _terms_version
    and coalesce(upper(p.code), '') = upper(btrim(coalesce(_code, '')))
  order by o.created_at desc
  limit 1;
  if placed.id is not null then
    return jsonb_build_object('order', to_jsonb(placed));
  end if;
  select * into price from public.offer_price(_offer_id, _code);
  if price.refusal is not null then
    return jsonb_build_object('refusal', 'promo_' || price.refusal);
  end if;
  insert into public.orders (user_id, buyer_email, offer_id, list_price_kopecks, amount_kopecks, promo_code_id, terms_version)
  values (_user_id, buyer_email, offer.id, price.list_price_kopecks, price.amount_kopecks, price.promo_code_id, _terms_version)
  returning * into placed;
  insert into public.order_events (order_id, kind, detail, actor_id)
  values (placed.id, 'created', jsonb_build_object('amount_kopecks', placed.amount_kopecks, 'promo_code_id', placed.promo_code_id), _user_id);
  -- Nothing to pay: the order is paid now, and its access opens with it.
  if placed.amount_kopecks = 0 then
    perform public.open_paid_order(placed.id, 'free', null, null);
  end if;
  return jsonb_build_object('order', (select to_jsonb(o) from public.orders o where o.id = placed.id));
end;
$$;

comment on function public.place_order(uuid, uuid, text, text) is 'Places _user_id''s order for a published offer at the server''s price (offer_price, with the promo code locked so two buyers cannot both take its last use) and records the accepted agreement version; the same buyer, course, price, agreement and code again within the hour answers their pending order instead of a new one (under a per-buyer-and-course lock, so a double press makes one). A free order is paid at once and opens its access. Answers {order} or {refusal: no_buyer | no_offer | promo_unknown | promo_expired | promo_other_offer | promo_used_up}. Security definer: it reads the buyer''s e-mail from auth.users, which the API roles cannot. Service role only: the checkout action calls it for the signed-in buyer.';
