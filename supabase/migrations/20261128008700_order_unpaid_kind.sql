-- The one reminder of an order left unpaid (issue 45). Its own migration: an enum value is usable
-- only once the transaction that added it has committed (20261128008800 uses it).

alter type public.notification_kind add value 'order_unpaid';
