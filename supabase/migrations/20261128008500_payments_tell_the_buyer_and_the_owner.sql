-- Selling's notifications (issue 45), sent through the outbox like every other: the function that
-- causes the event enqueues it (issue 44), not a trigger elsewhere. A paid order tells its buyer
-- «Оплата получена» and every admin «Новая продажа»; a refund tells the buyer «Возврат оформлен».

create or replace function public.open_paid_order(_order_id uuid, _how text, _payment_id text, _actor_id uuid) returns void
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
  -- The buyer hears that the course is open, the school's admins that it sold.
  if paid.user_id is not null then
    insert into public.notifications (user_id, kind, payload)
    values (paid.user_id, 'payment_received', jsonb_build_object('order_number', paid.number, 'title', offer.title,
      'amount_kopecks', paid.amount_kopecks, 'access_until', paid.access_until));
  end if;
  insert into public.notifications (user_id, kind, payload)
  select admins.user_id, 'new_sale', jsonb_build_object('order_number', paid.number, 'title', offer.title,
    'amount_kopecks', paid.amount_kopecks, 'buyer_email', paid.buyer_email, 'how', _how)
  from public.role_holders('{admin}') admins;
end;
$$;

comment on function public.open_paid_order(uuid, text, text, uuid) is 'Marks a pending order paid (_how: payment, manual or free) and, in the same transaction, puts the buyer into the offer''s group with source order and the order''s number, until access_until (the offer''s access_days from now, or no end), and enqueues the buyer''s payment_received and every admin''s new_sale notifications. Does nothing to an order that is not pending, so a second call changes nothing and tells nobody twice. Service role only: settle_order_payment, mark_order_paid and place_order call it.';

create or replace function public.record_order_refund(_order_id uuid, _amount_kopecks bigint, _refund_id text, _actor_id uuid default null) returns text
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
  if found.user_id is not null then
    insert into public.notifications (user_id, kind, payload)
    select found.user_id, 'refund_made', jsonb_build_object('order_number', found.number, 'title', f.title,
      'amount_kopecks', _amount_kopecks, 'full', found.status = 'refunded')
    from public.offers f where f.id = found.offer_id;
  end if;
  return found.status::text;
end;
$$;

comment on function public.record_order_refund(uuid, bigint, text, uuid) is 'Records a refund the provider made (_refund_id, in kopecks; _actor_id, the admin who asked for it, or none for one made in the provider''s dashboard) once, and tells the buyer (refund_made): a partial refund keeps the access, the refund that completes the amount makes the order refunded and ends exactly the memberships this order gave (end_memberships), nothing an admin or another order gave. Answers refunded | partially_refunded | already_recorded | not_paid | amount_too_large | unknown_order. Service role only: the admin''s refund action calls it after the provider confirms, and the provider''s notification again (already_recorded).';
