-- A third role: the curator, who will review homework (no rights yet). An enum value cannot be
-- used in the transaction that adds it, so it comes alone, before the policies that name it.
alter type public.app_role add value if not exists 'curator';
