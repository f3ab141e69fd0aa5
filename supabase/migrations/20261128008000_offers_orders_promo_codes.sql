-- Selling, the database's part (issue 45): what the school sells, who bought it, at what price, and
-- what a payment or a refund does to access. Amounts are integers in kopecks, end to end. A payment
-- notification is only a hint: the app asks the provider and passes its answer to
-- settle_order_payment, which checks it against the order and acts once, however often it is told.
-- Access is a membership of the offer's group with source `order` and the order's number, granted in
-- the same transaction as the status and taken back, exactly, by a full refund.

-- An offer sells membership of a group (a cohort: its grants open modules, tools and lessons).
create table public.offers (
  id uuid primary key default gen_random_uuid(),
  slug text not null,
  title text not null,
  description_md text not null default '',
  price_kopecks bigint not null,
  group_id uuid not null references public.groups (id) on delete restrict,
  -- Days of access from the payment; null: for as long as the group's own grants last.
  access_days integer,
  is_published boolean not null default false,
  order_index integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint offers_slug_form check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 80),
  constraint offers_title_length check (char_length(btrim(title)) between 1 and 200),
  constraint offers_description_length check (char_length(description_md) <= 20000),
  constraint offers_price_range check (price_kopecks between 0 and 100000000),
  constraint offers_access_days_range check (access_days between 1 and 3650)
);
create unique index offers_slug_key on public.offers (slug);
create index offers_group_idx on public.offers (group_id);

alter table public.offers enable row level security;
create policy "Anyone reads published offers" on public.offers for select to anon, authenticated using (is_published);
create policy "Admins read every offer" on public.offers for select to authenticated using ((select public.is_admin()));
create policy "Admins add offers" on public.offers for insert to authenticated with check ((select public.is_admin()));
create policy "Admins change offers" on public.offers for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins remove offers" on public.offers for delete to authenticated using ((select public.is_admin()));
grant select on public.offers to anon;
grant select, insert, update, delete on public.offers to authenticated;
grant select, insert, update, delete on public.offers to service_role;

-- A promo code: a percentage or a fixed amount off, for some offers or all, with a limit and an end.
create table public.promo_codes (
  id uuid primary key default gen_random_uuid(),
  code text not null,
  percent_off integer,
  amount_off_kopecks bigint,
  -- The offers it applies to; null: every offer.
  offer_ids uuid[],
  max_uses integer,
  expires_at timestamptz,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  -- Latin letters: upper() folds them the same under every database locale, so a code matches however it is typed.
  constraint promo_codes_code_form check (code ~ '^[A-Za-z0-9_-]{3,40}$'),
  constraint promo_codes_one_discount check ((percent_off is null) <> (amount_off_kopecks is null)),
  constraint promo_codes_percent_range check (percent_off between 1 and 100),
  constraint promo_codes_amount_range check (amount_off_kopecks between 1 and 100000000),
  constraint promo_codes_max_uses_range check (max_uses >= 1)
);
create unique index promo_codes_code_key on public.promo_codes (upper(code));

alter table public.promo_codes enable row level security;
create policy "Admins read promo codes" on public.promo_codes for select to authenticated using ((select public.is_admin()));
create policy "Admins add promo codes" on public.promo_codes for insert to authenticated with check ((select public.is_admin()));
create policy "Admins change promo codes" on public.promo_codes for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins remove promo codes" on public.promo_codes for delete to authenticated using ((select public.is_admin()));
grant select, insert, update, delete on public.promo_codes to authenticated;
grant select, insert, update, delete on public.promo_codes to service_role;

create type public.order_status as enum ('pending', 'paid', 'canceled', 'refunded', 'partially_refunded');

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  -- «Заказ №1042»: what the buyer, the admin, the receipt and the membership's source_ref say.
  number bigint generated always as identity (start with 1001),
  user_id uuid references auth.users (id) on delete set null,
  buyer_email text not null,
  offer_id uuid not null references public.offers (id) on delete restrict,
  status public.order_status not null default 'pending',
  list_price_kopecks bigint not null,
  amount_kopecks bigint not null,
  refunded_kopecks bigint not null default 0,
  promo_code_id uuid references public.promo_codes (id) on delete restrict,
  -- The version of the offer agreement («договор-оферта») the buyer accepted.
  terms_version text not null,
  provider text,
  payment_id text,
  access_until timestamptz,
  paid_at timestamptz,
  settled_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint orders_amounts check (
    list_price_kopecks >= 0 and amount_kopecks between 0 and list_price_kopecks and refunded_kopecks between 0 and amount_kopecks
  ),
  constraint orders_paid_has_a_time check ((status in ('pending', 'canceled')) = (paid_at is null)),
  constraint orders_terms_version_length check (char_length(terms_version) between 1 and 40)
);
create unique index orders_number_key on public.orders (number);
create unique index orders_payment_key on public.orders (provider, payment_id);
create index orders_user_idx on public.orders (user_id);
create index orders_offer_idx on public.orders (offer_id);
create index orders_promo_idx on public.orders (promo_code_id) where promo_code_id is not null;

alter table public.orders enable row level security;
create policy "Buyers read their own orders" on public.orders for select to authenticated using (user_id = (select auth.uid()));
create policy "Admins read every order" on public.orders for select to authenticated using ((select public.is_admin()));
grant select on public.orders to authenticated;
grant select, insert, update, delete on public.orders to service_role;

-- Every step of an order, for the admin's history and for support: created, paid, canceled,
-- refunded, a notification that did not match.
create table public.order_events (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders (id) on delete cascade,
  kind text not null,
  detail jsonb not null default '{}',
  actor_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create index order_events_order_idx on public.order_events (order_id, id);

alter table public.order_events enable row level security;
create policy "Admins read order events" on public.order_events for select to authenticated using ((select public.is_admin()));
grant select on public.order_events to authenticated;
grant select, insert, update, delete on public.order_events to service_role;

-- The price a buyer pays for an offer with a promo code, or why the code is refused.
create function public.offer_price(_offer_id uuid, _code text)
  returns table (list_price_kopecks bigint, amount_kopecks bigint, promo_code_id uuid, refusal text)
  language plpgsql stable
  set search_path = ''
as $$
declare
  offer public.offers;
  promo public.promo_codes;
  used integer;
begin
  select * into offer from public.offers o where o.id = _offer_id;
  if offer.id is null then
    return;
  end if;
  list_price_kopecks := offer.price_kopecks;
  amount_kopecks := offer.price_kopecks;
  if nullif(btrim(coalesce(_code, '')), '') is null then
    return next;
    return;
  end if;
  select * into promo from public.promo_codes p where upper(p.code) = upper(btrim(_code));
  select count(*) into used from public.orders o where o.promo_code_id = promo.id and o.status <> 'canceled';
  refusal := case
    when promo.id is null or not promo.is_active then 'unknown'
    when promo.expires_at is not null and promo.expires_at <= now() then 'expired'
    when promo.offer_ids is not null and not (_offer_id = any (promo.offer_ids)) then 'other_offer'
    when promo.max_uses is not null and used >= promo.max_uses then 'used_up'
  end;
  if refusal is null then
    promo_code_id := promo.id;
    amount_kopecks := greatest(0, offer.price_kopecks - coalesce(promo.amount_off_kopecks, offer.price_kopecks * promo.percent_off / 100));
  end if;
  return next;
end;
$$;

comment on function public.offer_price(uuid, text) is 'The price of an offer (kopecks) and what a promo code makes of it: the list price, the amount to pay (a percentage rounds the discount down to the kopeck, never below zero) and the code''s id, or refusal = unknown | expired | other_offer | used_up, with the list price to pay. A use is an order with the code that is not canceled, so an abandoned payment frees its use when it is canceled. No row for an unknown offer. Service role only: place_order asks it with the code locked.';

-- A buyer's new order: the price is the server's, never the client's.
create function public.place_order(_user_id uuid, _offer_id uuid, _code text, _terms_version text) returns jsonb
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
  -- Two buyers taking a code's last use at once: the second waits here and then counts the first.
  perform 1 from public.promo_codes p where upper(p.code) = upper(btrim(coalesce(_code, ''))) for update;
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

comment on function public.place_order(uuid, uuid, text, text) is 'Places _user_id''s order for a published offer (security definer: it reads the buyer''s e-mail from auth.users, which the API roles cannot) at the server''s price (offer_price, with the promo code locked so two buyers cannot both take its last use) and records the accepted agreement version. A free order is paid at once and opens its access. Answers {order} or {refusal: no_buyer | no_offer | promo_unknown | promo_expired | promo_other_offer | promo_used_up}. Service role only: the checkout action calls it for the signed-in buyer.';

-- Paid: the status, the time, and the membership, in one transaction.
create function public.open_paid_order(_order_id uuid, _how text, _payment_id text, _actor_id uuid) returns void
  language plpgsql
  set search_path = ''
as $$
declare
  paid public.orders;
  offer public.offers;
begin
  update public.orders o
  set status = 'paid', paid_at = now(), payment_id = coalesce(_payment_id, o.payment_id), settled_by = _actor_id, updated_at = now(),
    access_until = case when f.access_days is null then null else now() + make_interval(days => f.access_days) end
  from public.offers f
  where o.id = _order_id and o.status = 'pending' and f.id = o.offer_id
  returning o.* into paid;
  if paid.id is null then
    return;
  end if;
  select * into offer from public.offers f where f.id = paid.offer_id;
  if paid.user_id is not null then
    perform public.grant_membership(offer.group_id, paid.user_id, 'order', paid.number::text, paid.access_until);
  end if;
  insert into public.order_events (order_id, kind, detail, actor_id)
  values (paid.id, 'paid', jsonb_build_object('how', _how, 'payment_id', _payment_id, 'amount_kopecks', paid.amount_kopecks), _actor_id);
end;
$$;

comment on function public.open_paid_order(uuid, text, text, uuid) is 'Marks a pending order paid (_how: payment, manual or free) and, in the same transaction, puts the buyer into the offer''s group with source order and the order''s number, until access_until (the offer''s access_days from now, or no end). Does nothing to an order that is not pending, so a second call changes nothing. Service role only: settle_order_payment, mark_order_paid and place_order call it.';

-- The payment the checkout created for an order: later answers about any other payment change nothing.
create function public.attach_order_payment(_order_id uuid, _provider text, _payment_id text) returns boolean
  language sql
  set search_path = ''
as $$
  with attached as (
    update public.orders o set provider = _provider, payment_id = _payment_id, updated_at = now()
    where o.id = _order_id and o.status = 'pending'
      and (o.payment_id is null or (o.provider = _provider and o.payment_id = _payment_id))
    returning o.id
  )
  select exists (select 1 from attached);
$$;

comment on function public.attach_order_payment(uuid, text, text) is 'Records the payment the checkout created at the provider for a pending order, so settle_order_payment can refuse answers about any other payment. Answers false when the order is not pending or already has another payment (a repeated checkout of one order reuses its payment by the idempotence key, so it names the same one). Service role only.';

-- What the provider answered about a payment, applied to its order once.
create function public.settle_order_payment(_order_id uuid, _provider text, _payment_id text, _status text,
  _amount_kopecks bigint, _currency text) returns text
  language plpgsql
  set search_path = ''
as $$
declare
  found public.orders;
begin
  -- Two notifications at once for one payment: the second waits here and finds it settled.
  select * into found from public.orders o where o.id = _order_id for update;
  if found.id is null then
    return 'unknown_order';
  end if;
  if found.payment_id is not null and (found.provider is distinct from _provider or found.payment_id <> _payment_id) then
    insert into public.order_events (order_id, kind, detail) values (found.id, 'mismatch',
      jsonb_build_object('reason', 'another_payment', 'payment_id', _payment_id));
    return 'another_payment';
  end if;
  if _currency <> 'RUB' or _amount_kopecks <> found.amount_kopecks then
    insert into public.order_events (order_id, kind, detail) values (found.id, 'mismatch',
      jsonb_build_object('reason', 'amount', 'payment_id', _payment_id, 'amount_kopecks', _amount_kopecks, 'currency', _currency));
    return 'amount_mismatch';
  end if;
  if found.status <> 'pending' then
    return 'already_settled';
  end if;
  update public.orders o set provider = _provider, payment_id = _payment_id, updated_at = now() where o.id = found.id;
  if _status = 'succeeded' then
    perform public.open_paid_order(found.id, 'payment', _payment_id, null);
    return 'paid';
  elsif _status = 'canceled' then
    update public.orders o set status = 'canceled', updated_at = now() where o.id = found.id;
    insert into public.order_events (order_id, kind, detail) values (found.id, 'canceled', jsonb_build_object('payment_id', _payment_id));
    return 'canceled';
  end if;
  return 'pending';
end;
$$;

comment on function public.settle_order_payment(uuid, text, text, text, bigint, text) is 'Applies what the payment provider answered about a payment (_status: pending, succeeded or canceled, with its amount in kopecks and currency) to its order, once: the order is locked, a payment other than the order''s or an amount or currency other than the order''s changes nothing and is recorded as a mismatch, a settled order stays as it is, succeeded opens the access (open_paid_order), canceled cancels. Answers paid | canceled | pending | already_settled | amount_mismatch | another_payment | unknown_order. Service role only: the webhook and the return page call it with the provider''s own answer, never with a notification''s body.';

-- The owner's bank transfer: the same effect as a payment, recorded with who and when.
create function public.mark_order_paid(_order_id uuid) returns boolean
  language plpgsql security definer
  set search_path = ''
as $$
declare
  before public.order_status;
begin
  if not public.is_admin() then
    raise exception 'Only an admin marks an order paid' using errcode = '42501';
  end if;
  select o.status into before from public.orders o where o.id = _order_id for update;
  if before is distinct from 'pending' then
    return false;
  end if;
  perform public.open_paid_order(_order_id, 'manual', null, auth.uid());
  return true;
end;
$$;

comment on function public.mark_order_paid(uuid) is 'An admin marks a pending order paid (a bank transfer): the same as a payment (open_paid_order), with the admin recorded as who settled it. Answers false for an order that is not pending. Admins only (checked here: it runs with the owner''s rights to write orders).';

-- A refund: a full one takes back exactly what the order gave.
create function public.record_order_refund(_order_id uuid, _amount_kopecks bigint, _refund_id text, _actor_id uuid default null) returns text
  language plpgsql
  set search_path = ''
as $$
declare
  found public.orders;
begin
  select * into found from public.orders o where o.id = _order_id for update;
  if found.id is null then
    return 'unknown_order';
  end if;
  if exists (select 1 from public.order_events e where e.order_id = found.id and e.kind = 'refunded' and e.detail ->> 'refund_id' = _refund_id) then
    return 'already_recorded';
  end if;
  if found.status not in ('paid', 'partially_refunded') then
    return 'not_paid';
  end if;
  if _amount_kopecks < 1 or found.refunded_kopecks + _amount_kopecks > found.amount_kopecks then
    return 'amount_too_large';
  end if;
  update public.orders o
  set refunded_kopecks = o.refunded_kopecks + _amount_kopecks,
    status = case when o.refunded_kopecks + _amount_kopecks = o.amount_kopecks then 'refunded' else 'partially_refunded' end::public.order_status,
    updated_at = now()
  where o.id = found.id
  returning * into found;
  if found.status = 'refunded' then
    perform public.end_memberships('order', found.number::text);
  end if;
  insert into public.order_events (order_id, kind, detail, actor_id)
  values (found.id, 'refunded', jsonb_build_object('refund_id', _refund_id, 'amount_kopecks', _amount_kopecks, 'full', found.status = 'refunded'), _actor_id);
  return found.status::text;
end;
$$;

comment on function public.record_order_refund(uuid, bigint, text, uuid) is 'Records a refund the provider made (_refund_id, in kopecks; _actor_id, the admin who asked for it, or none for one made in the provider''s dashboard) once: a partial refund keeps the access, the refund that completes the amount makes the order refunded and ends exactly the memberships this order gave (end_memberships), nothing an admin or another order gave. Answers refunded | partially_refunded | already_recorded | not_paid | amount_too_large | unknown_order. Service role only: the admin''s refund action calls it after the provider confirms.';

revoke all on function public.offer_price(uuid, text) from public;
revoke all on function public.place_order(uuid, uuid, text, text) from public;
revoke all on function public.open_paid_order(uuid, text, text, uuid) from public;
revoke all on function public.attach_order_payment(uuid, text, text) from public;
revoke all on function public.settle_order_payment(uuid, text, text, text, bigint, text) from public;
revoke all on function public.mark_order_paid(uuid) from public;
revoke all on function public.record_order_refund(uuid, bigint, text, uuid) from public;
grant execute on function public.offer_price(uuid, text) to service_role;
grant execute on function public.place_order(uuid, uuid, text, text) to service_role;
grant execute on function public.open_paid_order(uuid, text, text, uuid) to service_role;
grant execute on function public.attach_order_payment(uuid, text, text) to service_role;
grant execute on function public.settle_order_payment(uuid, text, text, text, bigint, text) to service_role;
grant execute on function public.record_order_refund(uuid, bigint, text, uuid) to service_role;
grant execute on function public.mark_order_paid(uuid) to authenticated, service_role;
