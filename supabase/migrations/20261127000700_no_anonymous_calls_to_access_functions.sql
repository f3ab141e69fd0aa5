-- The functions this round added were granted to anon by the schema's default privileges, which
-- the revokes from public did not undo. Access answers are for signed-in people only.
revoke execute on function public.effective_access_of(uuid, text, uuid) from anon;
revoke execute on function public.viewer_access_ids(uuid, text) from anon;
revoke execute on function public.can_open_lesson(uuid, uuid) from anon;
revoke execute on function public.groups_overview() from anon;
revoke execute on function public.content_lesson_counts() from anon;
