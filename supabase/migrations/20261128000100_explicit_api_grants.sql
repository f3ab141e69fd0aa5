-- Every object the app reaches through the Data API is granted here, to exactly the roles that need
-- it. Until now the migrations leaned on the old project default (the API roles got everything new
-- in public), which a hosted project made since 2026-05-30 no longer has: on one, 24 tables were
-- unreadable by signed-in users and 34 by the service role. From here on, each migration grants
-- what it creates (tests/postgres/api-grants.test.ts fails otherwise), and the expectation it
-- keeps is supabase/api-grants.json, written by `npm run gen-types`.
--
-- The rule: `authenticated` gets on each table the commands its row level security policies answer
-- (a command without a policy would only ever be refused); `anon` reads nothing in public;
-- `service_role`, the server's key, reads and writes every table. Functions: the roles that call
-- them, or whose policies and invoker functions call them; trigger functions and the Auth hooks
-- no API role.

-- A project made before the change keeps the old default for what `postgres` creates: drop it, so
-- every database behaves as a new one.
alter default privileges for role postgres in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke all on functions from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke execute on functions from public;

revoke all on all tables in schema public from anon, authenticated, service_role;
revoke all on all sequences in schema public from anon, authenticated, service_role;
revoke all on all functions in schema public from public, anon, authenticated, service_role;

-- Tables ----------------------------------------------------------------------------------------

grant select, insert, update, delete on
  public.assignments, public.auth_attempts, public.course_modules, public.email_unsubscribe_tokens,
  public.group_curators, public.group_lesson_access, public.group_members, public.group_module_access,
  public.group_tool_access, public.groups, public.lesson_access, public.lesson_attachments,
  public.lesson_progress, public.lessons, public.module_access, public.modules,
  public.notification_deliveries, public.notification_preferences, public.notification_scan,
  public.notifications, public.notified_openings, public.privacy_consents, public.profiles,
  public.student_activity_lessons, public.student_activity_months, public.student_activity_track_months,
  public.submission_comments, public.submission_files, public.submissions, public.tech_tools,
  public.telegram_link_tokens, public.telegram_links, public.tool_access, public.tool_former_names,
  public.user_roles
to service_role;
grant usage, select on sequence public.notification_deliveries_id_seq, public.notifications_id_seq to service_role;

-- What admins edit in the studio and the groups pages, each row checked by its policies.
grant select, insert, update, delete on
  public.assignments, public.course_modules, public.group_lesson_access, public.group_members,
  public.group_module_access, public.group_tool_access, public.groups, public.lesson_access,
  public.lesson_attachments, public.module_access, public.modules, public.notification_preferences,
  public.tech_tools, public.tool_access
to authenticated;
grant select, insert, delete on public.group_curators, public.user_roles to authenticated;
grant select, delete on public.telegram_links to authenticated;
-- Read-only to their owners and to staff; written by the functions that own the rule.
grant select on
  public.lesson_progress, public.notification_deliveries, public.notifications, public.privacy_consents,
  public.submission_comments, public.submission_files, public.submissions, public.tool_former_names
to authenticated;
-- A student renames themselves; nothing else of a profile is theirs to write.
grant select on public.profiles to authenticated;
grant update (full_name) on public.profiles to authenticated;
-- A lesson's body and video are read through lesson_content (whether the viewer may open it);
-- the columns of the lists are readable directly.
grant insert, update, delete on public.lessons to authenticated;
grant select (id, tool_id, module_id, title, order_index, created_at, is_published, course_module_id) on public.lessons to authenticated;

-- Functions -------------------------------------------------------------------------------------

-- Pages, studio and review calls of signed-in people; each checks who asks.
grant execute on function
public.add_group_members(uuid, text[]),
  public.analytics_activity(uuid, text),
  public.analytics_at_risk(uuid, text, integer),
  public.analytics_funnel(uuid, uuid, text),
  public.analytics_homework(uuid, text),
  public.can_open_lesson(uuid, uuid),
  public.claim_submission(uuid),
  public.content_lesson_counts(),
  public.course_lesson_page(uuid, uuid, uuid),
  public.course_module_page(uuid, uuid),
  public.course_modules_page(uuid),
  public.create_telegram_link_token(),
  public.dashboard_page(uuid),
  public.decide_can_open_lesson(uuid, uuid),
  public.deletion_impact(text, uuid),
  public.delivery_overview(integer),
  public.effective_access(uuid),
  public.effective_access_of(uuid, text, uuid),
  public.effective_item(uuid, text, uuid),
  public.group_page(uuid),
  public.groups_overview(),
  public.has_role(uuid, app_role),
  public.held_lesson_ids(uuid, uuid[]),
  public.hidden_item_ids(uuid, text),
  public.homework_for(uuid, uuid),
  public.homework_owner_id(text),
  public.homework_summary(),
  public.is_admin(),
  public.is_reviewer(),
  public.lesson_completion(uuid),
  public.lesson_content(uuid),
  public.lesson_content_for(uuid, uuid),
  public.lesson_list(uuid[], uuid),
  public.lesson_materials(uuid),
  public.lesson_materials_for(uuid, uuid),
  public.lesson_outline(),
  public.lesson_page(text, uuid, uuid),
  public.mark_notifications_read(bigint[], timestamp with time zone),
  public.material_lesson_id(text),
  public.may_review(uuid, uuid),
  public.may_upload_homework(text),
  public.progress_summary(uuid),
  public.record_lesson_opened(uuid),
  public.release_submission(uuid),
  public.reorder_content(text, uuid[]),
  public.reorder_lesson_attachments(uuid, uuid[]),
  public.retry_delivery(bigint),
  public.review_page(uuid),
  public.review_queue(submission_status, uuid, text, uuid, uuid, integer, integer),
  public.review_submission(uuid, text, text),
  public.reviewed_student_ids(),
  public.set_lesson_completed(uuid, boolean),
  public.student_access(uuid),
  public.submit_homework(uuid, text, text[], jsonb),
  public.tool_hidden_from(text, uuid),
  public.tool_page(text, uuid),
  public.tools_page(uuid),
  public.track_access(uuid, text),
  public.viewer_access_ids(uuid, text),
  public.visible_lessons(uuid)
to authenticated, service_role;

-- The server's own work: the notification worker, attempt limits, activity rollups, Telegram.
grant execute on function
public.analytics_lessons(text),
  public.analytics_students(uuid),
  public.channel_wanted(uuid, notification_kind, notification_channel),
  public.claim_deliveries(integer, integer),
  public.clear_auth_attempts(text),
  public.email_unsubscribe_token(uuid),
  public.finish_delivery(bigint, text, text, integer),
  public.forget_student_completion(uuid, uuid, timestamp with time zone),
  public.highest_role(uuid),
  public.holds_any_role(uuid, app_role[]),
  public.lesson_reference(uuid),
  public.link_telegram(text, bigint, text),
  public.may_ask_about(uuid),
  public.note_student_activity(uuid, uuid, timestamp with time zone, boolean, boolean, boolean),
  public.notify_openings(jsonb, notification_kind),
  public.notify_scheduled_openings(),
  public.rebuild_student_activity(),
  public.recount_student_activity(uuid[], date[]),
  public.student_activity_months_from_tracks(uuid[], date[]),
  public.take_auth_attempt(text, integer, integer, integer),
  public.tally_student_activity_track_months(uuid[], date[]),
  public.unlink_telegram_chat(bigint),
  public.user_is_admin(uuid)
to service_role;

-- A link in an e-mail works before sign-in; the policy's version is public.
grant execute on function
public.current_privacy_policy_version(),
  public.unsubscribe_email(text, notification_kind),
  public.unsubscribe_target(text)
to anon, authenticated, service_role;

-- The Auth hooks keep only their grants to supabase_auth_admin (20261125000200, 20261122000500).
