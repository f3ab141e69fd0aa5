-- The notifications of selling (issue 45): the buyer's «Оплата получена» and «Возврат оформлен», and
-- the owner's «Новая продажа». Their own migration: a value added to an enum is usable only once the
-- transaction that added it has committed (20261128008500 uses them).

alter type public.notification_kind add value 'payment_received';
alter type public.notification_kind add value 'new_sale';
alter type public.notification_kind add value 'refund_made';
