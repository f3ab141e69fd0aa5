-- The student's «Выдан сертификат» (issue 47). Its own migration: a value added to an enum is usable
-- only once the transaction that added it has committed (20261128009510 uses it).

alter type public.notification_kind add value 'certificate_issued';
