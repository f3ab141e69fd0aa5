-- The bell's number in one index range (issue 44). The bell counted the caller's unread
-- notifications through the table, so row level security checked each row against both read
-- policies at once (`user_id = auth.uid() OR is_admin()`). The planner cannot make an index
-- condition of that OR: a count that does not name user_id itself (the scale bench's bell) reads
-- every unread row of the school, 2.7 ms p95 at 30,000 unread of 200,000 notifications on
-- PostgreSQL 15 and 18 ms with all of them unread; the app's read named user_id and read its own
-- rows (0.5–0.6 ms p95), but only because every caller remembers to name it, and an admin's
-- policy stays one forgotten filter away from counting everyone's. The bell asks this function
-- instead: it names the caller and nothing else, so it reads the caller's own entries of
-- notifications_unread_idx (the partial index on user_id where read_at is null) whatever the
-- caller's role, 0.3–0.5 ms p95 at either share. The policies stay as they are: the
-- «Уведомления» list and the RLS matrix read through them.

create function public.unread_notification_count()
  returns integer
  language sql stable security definer
  set search_path = ''
as $$
  select count(*)::integer
  from public.notifications n
  where n.user_id = (select auth.uid()) and n.read_at is null;
$$;

comment on function public.unread_notification_count() is
  'The bell: how many of the caller''s own notifications are unread (0 for a caller without a user). Security definer so the count is one range of notifications_unread_idx for auth.uid(), instead of every row checked against both read policies (an admin''s policy would also widen the count to everyone''s); it answers nothing but the caller''s own number.';

revoke all on function public.unread_notification_count() from public, anon;
grant execute on function public.unread_notification_count() to authenticated;
