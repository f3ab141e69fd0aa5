-- Every function says what it answers (issue 44, item 4). Of the functions in schema public, 88
-- had no COMMENT ON: what each answers or does, who calls it, and why any planner setting,
-- offset 0, bitmask or answer kept in a transaction setting is there was readable only in the
-- migration that last redefined it. `npm run gen-types` now refuses a function without a comment.
-- Comments only: no function, grant or plan changes. A later CREATE OR REPLACE keeps a comment;
-- a function dropped and created again needs its own.

comment on function public.add_group_members(uuid, text[]) is
  'Adds the accounts with these e-mail addresses (trimmed, any case) to a group, for the admin''s «Добавить участников»: adds nobody and answers the unknown addresses when any address has no account, else answers how many were added (members already in are skipped). Security invoker: the group_members policies decide that only an admin may add.';

comment on function public.analytics_activity(uuid, text) is
  'Active students per Moscow day over the last 30 days among those the caller may see (analytics_students), by track: each student''s days come from the monthly rollup''s bitmasks (bit 0 = 29 days ago), with the days taken off whose every event was on a lesson that does not count for them (under a draft parent, hidden by a group or their own record). The students per day are summed three days at a time in 21-bit lanes of one bigint, ten passes instead of thirty; offset 0 keeps a subquery asked row by row through its index, and «(… in …) is true» keeps a set hashed rather than joined. JIT off (compiling cost more than it saved), work_mem 32MB to hash a month of events in memory, enable_mergejoin off so the odd days meet their month rows in one hash join, not two sorts of the wide rows. Null for someone who reviews nobody.';

comment on function public.analytics_funnel(uuid, uuid, text) is
  'For one tool or course module (the one asked, else the first), how many of the students the caller may see opened and passed each of its lessons in order, leaving out the pairs a record hides; with the list of items to choose from. Only the chosen item''s hidden pairs are asked about; offset 0 keeps each check on its index. JIT off and work_mem 32MB, as the other panels. Null for someone who reviews nobody.';

comment on function public.analytics_homework(uuid, text) is
  'Homework among the students the caller may see, on lessons of the track: works waiting and the oldest, works answered in 30 days, returned, the median minutes to an answer, and the same per reviewer; pairs a record hides do not count. A waiting attempt is always its work''s latest, so no search for a newer one; offset 0 keeps each check on its index. JIT off and work_mem 32MB, as the other panels. Null for someone who reviews nobody.';

comment on function public.analytics_lessons(text) is
  'The lessons the panels count: published, under published parents, of the track (or both), each with its tool or course module and its position there. Called only by the analytics functions.';

comment on function public.can_open_lesson(uuid, uuid) is
  'Whether _user_id may open the lesson now: decide_can_open_lesson, with its answers kept for the rest of the statement when someone asks about themselves, in the transaction setting access.can_open, because the policies and page functions ask it for the same lessons many times in one statement. The kept answers carry kept_access_stamp (this statement, the writes to the rule''s tables so far, the person), so an answer is never served after a write in the same call nor to another person. Asked by the lesson content, materials and homework functions, record_lesson_opened, set_lesson_completed and may_upload_homework.';

comment on function public.channel_wanted(uuid, public.notification_kind, public.notification_channel) is
  'Whether _user_id wants this kind of notification on this channel: their preference (yes unless turned off) and, for Telegram, a linked chat. plan_deliveries asks it when it plans, claim_deliveries again when it sends, so a preference changed in between is honoured.';

comment on function public.claim_deliveries(integer, integer) is
  'The notification worker''s next deliveries: up to _limit (at most 100) pending ones that are due, or sending ones whose lease ran out, claimed for _lease_seconds (at least 10) with the attempt counted; rows another worker holds are skipped (for update skip locked), so workers never send one delivery twice. Each comes with what sending needs: the notification, the address or chat, whether the channel is still wanted, the unsubscribe token. The service role''s alone.';

comment on function public.claim_minutes() is
  'How long a reviewer''s claim on a waiting work lasts, in minutes (30): one constant claim_submission reads.';

comment on function public.clear_auth_attempts(text) is
  'Clears the counter of one attempt key (take_auth_attempt), so the next tries start over: the app clears the recovery-code tries of an address once its password was reset.';

comment on function public.content_lesson_counts() is
  'How many lessons (drafts included) each tool or course module holds, by its id, for the studio''s lists. Security invoker: the lessons policies decide what is counted.';

comment on function public.course_lesson_page(uuid, uuid, uuid) is
  'Everything a course lesson''s page shows, in one call: course_module_page plus whether the lesson is hidden from the viewer and its content, materials and homework (empty when the viewer may not open it). The viewer is the caller, or _student_id when an admin looks as a student. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.course_module_page(uuid, uuid) is
  'A published course module''s page in one call: the module with its number among the viewer''s visible modules, the viewer''s effective access to it (effective_item), and the lesson list (lesson_list) of its published lessons. The viewer is the caller, or _student_id when an admin looks as a student; security invoker, so the content policies still apply. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.course_modules_page(uuid) is
  'The «Продуктовый фаундер» page in one call: the published course modules, the viewer''s access to them (track_access) and their progress (progress_summary). The viewer is the caller, or _student_id when an admin looks as a student. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.current_privacy_policy_version() is
  'The version of the privacy policy a new consent must name (the date it took effect): the one place the sign-up hook, handle_new_user and the app read it.';

comment on function public.custom_access_token_hook(jsonb) is
  'Supabase Auth''s Custom Access Token hook: adds user_role (highest_role) to every token it issues. The app reads the claim for its menus; row level security asks the tables again, so a token issued before a demotion never grants a write.';

comment on function public.dashboard_page(uuid) is
  'The student''s dashboard in one call: name and role, lessons passed of those open in each track, and «Продолжить»: the last opened lesson the viewer may still open (not closed by a record, not held by a stop-lesson). The viewer''s access to all three kinds is computed once (viewer_access_ids) and the rule applied to it here rather than asking can_open_lesson lesson by lesson. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.decide_can_open_lesson(uuid, uuid) is
  'The lesson rule itself, never kept: an admin may open every lesson; anyone else a published lesson whose tool (and its block) or course module is published and effectively unlocked and visible to them, whose own lesson record, if any, is unlocked and visible, and which no unaccepted stop-lesson holds (held_lesson_ids). False when the caller may not ask about _user_id (may_ask_about). Written in PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.deletion_impact(text, uuid) is
  'What deleting a lesson, tool, block or course module would take with it (its lessons, a tool''s blocks, and the personal and group access records on them), for the studio''s confirmation. Security invoker: it counts what the caller, an admin, can read.';

comment on function public.delivery_overview(integer) is
  'For «Состояние школы», admins only (null for anyone else): how many deliveries wait, were sent in the last day and failed, and the latest _limit (at most 200) failures with their recipient and error.';

comment on function public.derive_profile_role() is
  'Trigger (before a profile is written): profiles.role is derived from user_roles, admin for an admin and student otherwise (a curator is listed as a student), so the column lists and filters read never disagrees with the roles.';

comment on function public.effective_item(uuid, text, uuid) is
  'The effective unlocked and visible flags of one module, tool or lesson for _user_id, read from viewer_access_ids'' lists (kept for the viewer for the statement); no row when no record decides the item, and the kind''s default applies. Asked by decide_can_open_lesson and the tool and course module pages. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.email_unsubscribe_token(uuid) is
  '_user_id''s unsubscribe token, created when missing. The service role''s alone; the app no longer calls it, since plan_deliveries creates the token when it plans an e-mail and claim_deliveries reads it.';

comment on function public.finish_delivery(bigint, text, text, integer) is
  'The worker''s outcome for a delivery it claimed: sent, skipped, failed, or retry (pending again after the server''s retry-after or 30 s doubling with each attempt, at most an hour; failed after the fifth attempt). Changes only a delivery still being sent and answers its new status. The service role''s alone.';

comment on function public.forget_student_completion(uuid, uuid, timestamp with time zone) is
  'Takes back a pass from the activity rollup (the undo of «Отметить пройденным»): the lesson''s day row loses its pass, and the month rows'' count for that day drops by one, its day bit cleared when no pass is left. The lesson is read for share, so an edit publishing or drafting it commits first. Called by the lesson_progress trigger.';

comment on function public.groups_overview() is
  'Every group with its count of current members (current_group_members), newest first, for the admin''s groups list. Security invoker: the groups policies decide who sees which group.';

comment on function public.has_role(uuid, public.app_role) is
  'Whether _user_id holds the role; false when the caller may not ask about them (may_ask_about). Kept for callers outside the policies, which ask is_admin and is_reviewer.';

comment on function public.hidden_item_ids(uuid, text) is
  'The ids of the modules, tools or lessons (_kind) that the records deciding them hide from _user_id. The student policies of the content tables ask it for every row, so for someone asking about themselves it reads the list viewer_access_ids kept in the transaction setting access.hidden_<kind>, stamped by kept_access_stamp so that a write in between or another person recomputes it; for anyone else it computes the list. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.highest_role(uuid) is
  '_user_id''s highest role: admin, else curator, else student. For the access token hook and derive_profile_role.';

comment on function public.holds_any_role(uuid, public.app_role[]) is
  'Whether _user_id holds any of the roles, without asking who may ask: the one read of user_roles behind is_admin, is_reviewer, user_is_admin and has_role, which do ask. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.homework_for(uuid, uuid) is
  'A lesson''s assignment and every attempt _user_id handed in for it, with files and comments, only when they may open the lesson (can_open_lesson). Part of lesson_page and course_lesson_page. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.homework_owner_id(text) is
  'The student a homework storage object belongs to: the first segment of its path as a uuid, or null when it is not one. The homework bucket''s storage policies ask it.';

comment on function public.homework_summary() is
  'The caller''s works by their latest attempt''s status (returned, submitted, accepted), for the dashboard''s homework counts.';

comment on function public.is_admin() is
  'Whether the caller is an admin: what the admin policies ask (in a sub-select, once per statement). PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.is_reviewer() is
  'Whether the caller reviews anyone: an admin, or a curator of at least one group. Asked by the policies that let reviewers read, and by the analytics panels. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.lesson_completion(uuid) is
  'Each lesson visible to _user_id (visible_lessons) with its tool or course module and whether they passed it; progress_summary counts it. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.lesson_content(uuid) is
  'A lesson''s description and video for the caller, when the caller may open it (lesson_content_for with auth.uid()); the studio''s preview reads it.';

comment on function public.lesson_content_for(uuid, uuid) is
  'A lesson''s description and video for _user_id, only when they may open it (can_open_lesson): security definer, since the lessons policies let students read only the outline of a lesson, never its content. Part of lesson_page and course_lesson_page. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.lesson_materials(uuid) is
  'A lesson''s text and attachments for the caller, when the caller may open it (lesson_materials_for with auth.uid()); the studio''s preview reads it.';

comment on function public.lesson_materials_for(uuid, uuid) is
  'A lesson''s text (body_md) and its attachments in their order, for _user_id, only when they may open it (can_open_lesson); security definer for the same reason as lesson_content_for. Part of lesson_page and course_lesson_page. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.lesson_outline() is
  'Every lesson the caller may read, with its parent, place, whether it is published and whether it has an assignment, for the admin''s student and group pages, where access is set lesson by lesson. Security invoker: the lessons policies decide which lessons.';

comment on function public.lesson_page(text, uuid, uuid) is
  'Everything a tool lesson''s page shows, in one call: tool_page plus whether the lesson is hidden from the viewer and its content, materials and homework (empty when the viewer may not open it). The viewer is the caller, or _student_id when an admin looks as a student. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.lesson_progress_note_activity() is
  'Trigger (after lesson_progress is written): an opening or a pass is noted in the day''s activity (note_student_activity), and a pass taken back or moved is forgotten first (forget_student_completion), so the analytics rollup is never behind the progress whoever writes it.';

comment on function public.lesson_reference(uuid) is
  'How a notification names a lesson (id, title, tool name, course module id), so its link can be built; notify_homework_decision asks it. The service role''s alone.';

comment on function public.lessons_recount_activity_months() is
  'Trigger (after a lesson moves between a tool and a course module, or is published or taken back to draft): its students'' months that had activity on it are counted again (recount_student_activity), since only published lessons count and each track has its own rows.';

comment on function public.mark_notifications_read(bigint[], timestamp with time zone) is
  'Marks the caller''s unread notifications read (those in _ids, or those made up to _before, or all) and answers how many. Security definer because nobody may update notifications directly, and it writes only read_at of the caller''s own.';

comment on function public.material_lesson_id(text) is
  'The lesson a lesson-materials storage object belongs to: the first segment of its path as a uuid, or null when it is not one. The storage policies of the lesson-materials bucket ask it.';

comment on function public.may_ask_about(uuid) is
  'Whether the caller may ask about _user_id''s access, roles or reviews: the person themselves, a service call (service_role, or no API role at all, as inside the database), or an admin. Every security definer function that takes a user id asks it first, so nobody reads another person''s answers. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.may_review(uuid, uuid) is
  'Whether _reviewer_id may review _student_id''s works: an admin, or a curator of a group the student is a current member of. False when the caller may not ask about _reviewer_id (may_ask_about). Asked by claim_submission, review_submission and review_page.';

comment on function public.may_upload_homework(text) is
  'Whether the caller may upload this homework storage object: its path starts with their own id, then names an assignment that takes files on a lesson they may open. The homework bucket''s insert policy asks it.';

comment on function public.note_student_activity(uuid, uuid, timestamp with time zone, boolean, boolean, boolean) is
  'Notes an event (opened, passed, handed in) of a student on a lesson on its Moscow day: the day row per lesson, then, only when the lesson gains that kind of event that day and is published, the month rows (a bit per day, bit 0 = the 1st, and a count of lessons per day) for all tracks and for the lesson''s track. The lesson is read for share, so an edit publishing, drafting or moving it is seen as committed. Called by the triggers on lesson_progress and submissions.';

comment on function public.notify_access_opened() is
  'Trigger (after each insert or update statement on the six access tables, personal and group): the rows that open an item now (unlocked, no unlock_at still ahead) are announced by notify_openings to their student, or to every current member of the group. Openings dated in the future are announced by notify_scheduled_openings when their date comes.';

comment on function public.notify_joined_group() is
  'Trigger (after each statement adding group members): announces to the new members what the group''s grants open now (notify_openings).';

comment on function public.notify_openings(jsonb, public.notification_kind) is
  'Announces openings: of the (user, kind, item) pairs given, those open and visible to the student now (effective_access) and never announced before (notified_openings keeps each, so an item is announced once per student) become one notification per student listing the published items. Called by the access triggers and notify_scheduled_openings; answers the notifications made.';

comment on function public.notify_review_waiting() is
  'Trigger (after a work is handed in): tells each curator of the student''s groups (never the student themselves) that a work waits, adding one to the curator''s review_waiting notification of the last hour instead of making another; under a per-curator advisory lock, so two hand-ins at once both count.';

comment on function public.notify_welcome() is
  'Trigger (after a profile is created): the new person''s welcome notification, with their name.';

comment on function public.place_last() is
  'Trigger (before insert on course_modules, tech_tools, modules and lessons; before a lesson moves to another parent): an item without a position (order_index 0) goes last in its list, and a moved lesson last in its new list, so a new item never collides with the order the studio wrote.';

comment on function public.progress_summary(uuid) is
  'For each tool and each course module, how many of its lessons visible to the student there are and how many they passed (lesson_completion). The viewer is the caller or _student_id (an admin''s student card). PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.rebuild_student_activity() is
  'Rebuilds the activity rollup from lesson_progress and submissions: the backfill, and the repair after rows were written with triggers off (session_replication_role = replica, as bulk loads do). Only the latest opening of a lesson is stored, so past days are a lower bound. work_mem 256MB to group the whole school''s events in memory; the service role''s alone.';

comment on function public.record_lesson_opened(uuid) is
  'Records that the caller opened a lesson now (lesson_progress.last_opened_at), when they may open it; the triggers on lesson_progress then note the day''s activity and the last activity. Called by the lesson page.';

comment on function public.recount_student_activity(uuid[], date[]) is
  'Counts the month rows of these (student, month) pairs again from student_activity_lessons, both tables; recounts take turns under one advisory lock, since two at once for the same month failed on its key (the second''s delete could not see the first''s insert).';

comment on function public.recount_student_activity_months() is
  'Trigger (after a statement deletes student_activity_lessons rows, when their lesson or student goes): the months those rows touched are counted again.';

comment on function public.release_submission(uuid) is
  'Gives up the caller''s claim on a waiting work, so another reviewer may take it at once.';

comment on function public.remember_former_tool_name() is
  'Trigger (after a tool''s name changes): keeps the old name in tool_former_names, so an old link /tools/<name> leads to the renamed tool (tool_page''s renamed_to).';

comment on function public.reorder_content(text, uuid[]) is
  'Writes the studio''s new order of course modules, tools, one tool''s blocks or one parent''s lessons: every item of the list, each once, or nothing with stale_list when the list the admin saw has changed meanwhile. Security invoker: the content policies let only admins write.';

comment on function public.reorder_lesson_attachments(uuid, uuid[]) is
  'Writes the new order of a lesson''s attachments: every attachment of the lesson, each once, or nothing with stale_list when the list changed meanwhile. Security invoker: only admins may update attachments.';

comment on function public.retry_delivery(bigint) is
  'Sends a failed delivery again from «Состояние школы»: back to pending with its attempts reset. Admins only.';

comment on function public.review_page(uuid) is
  'A work''s review page in one call: the attempt, its student, the assignment and lesson, every attempt of that work with files and comments, who holds a live claim, and the next waiting work the caller may review. Null unless the caller may review the student (may_review).';

comment on function public.review_queue(public.submission_status, uuid, text, uuid, uuid, integer, integer) is
  'The works the caller may review (all for an admin, their groups'' students for a curator) with the status and filters asked, latest attempts only, oldest first, a page at a time with the total. plan_cache_mode force_custom_plan: each call is planned for its own filters, so the waiting works are read from their own index (submissions_waiting_idx); one plan for every filter read every attempt from the table (125 ms at 40,000 waiting works).';

comment on function public.reviewed_student_ids() is
  'The students the caller reviews as a curator: the current members of the groups they curate (nobody when they no longer hold the curator role). Asked by the review queue and the policies that let curators read their students'' works and files.';

comment on function public.set_lesson_completed(uuid, boolean) is
  'Marks a lesson the caller may open as passed or not passed («Отметить пройденным»), keeping the first time it was passed; a lesson with an assignment is passed only by an accepted work, so it answers false there. Answers whether anything was written.';

comment on function public.stamp_last_activity() is
  'Trigger (after lesson_progress is written): the student''s profiles.last_activity_at, the admin''s «последняя активность», kept by the database since students cannot write profiles.';

comment on function public.stamp_unlocked_at() is
  'Trigger (before insert or update on module_access, tool_access and lesson_access): unlocked_at follows is_unlocked, set to now when access opens, cleared when it closes and kept when only the visibility changes, so the database owns the clock whoever writes the record.';

comment on function public.student_activity_months_from_tracks(uuid[], date[]) is
  'The all-tracks month rows of some students (all when null), summed from their per-track rows: day bits or''ed, lesson counts per day added. For rebuild_student_activity and recount_student_activity.';

comment on function public.submissions_note_activity() is
  'Trigger (after a work is handed in): notes the hand-in in the day''s activity of its lesson (note_student_activity).';

comment on function public.sync_profile_role() is
  'Trigger (after user_roles changes): touches the person''s profile, so derive_profile_role writes profiles.role again.';

comment on function public.take_auth_attempt(text, integer, integer, integer) is
  'Counts one try under a key within a window (the counter row locked, so tries at once count one after the other): the first _free_attempts go through, then each waits _first_delay_seconds doubling after the previous one, at most the window. Answers the seconds still to wait (0: the try is taken and counted) and the tries so far. count_sign_in_attempt and the app''s other limits (lib/security/attempts.ts) ask it.';

comment on function public.tally_student_activity_track_months(uuid[], date[]) is
  'The per-track month rows of some (student, month) pairs (all when null), counted from student_activity_lessons on published lessons: a bit per day with each kind of event, and the lessons per day. For rebuild_student_activity and recount_student_activity.';

comment on function public.tool_hidden_from(text, uuid) is
  'Whether a published tool of that name (any case) is hidden from _user_id (hidden_item_ids), so that tool_page can tell «скрыт» apart from «нет такого инструмента». PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.tool_page(text, uuid) is
  'A published tool''s page in one call, by its name in any case: the tool, its published blocks, the viewer''s access to it (effective_item), the lesson list (lesson_list), and when there is no such tool whether it is hidden from the viewer or was renamed. The viewer is the caller, or _student_id when an admin looks as a student. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.tools_page(uuid) is
  'The «Технический фаундер» page in one call: the published tools, the viewer''s access to them (track_access) and their progress (progress_summary). The viewer is the caller, or _student_id when an admin looks as a student. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.touch_updated_at() is
  'Trigger (before update on assignments): sets updated_at to now, whoever writes the row.';

comment on function public.unlink_telegram_chat(bigint) is
  'Removes the link of a Telegram chat (the bot''s /stop) and answers whether there was one; the Telegram webhook calls it as the service role.';

comment on function public.unsubscribe_email(text, public.notification_kind) is
  'The link in an e-mail''s footer: turns off e-mail for one kind of notification, or every kind, for the token''s owner; false for an unknown token. Anyone holding the link may call it: the token is the proof.';

comment on function public.unsubscribe_target(text) is
  'The address an unsubscribe token belongs to, for the unsubscribe page to show before it asks; null for an unknown token. Anyone holding the link may call it.';

comment on function public.user_is_admin(uuid) is
  'Whether _user_id is an admin, without asking who may ask (the functions calling it have asked may_ask_about first or ask about the caller). PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.viewer_access_ids(uuid, text) is
  '_user_id''s effective access to one kind (module, tool, lesson) as sorted id lists: decided (items a record decides), unlocked, visible, and opening (item id to opens_at). For someone asking about themselves, one call of effective_access_of computes all three kinds and keeps them, and each kind''s hidden list, in the transaction settings access.<kind> and access.hidden_<kind> for the rest of the statement, because a page asks about every kind many times; each kept answer carries kept_access_stamp, so a write to the rule''s tables or another person makes it a miss. For anyone else each call computes the kind. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

comment on function public.visible_lessons(uuid) is
  'The published lessons under published parents (tool, block, course module) that no record hides from _user_id, with their place; whether they are unlocked is not asked here. Read by dashboard_page and lesson_completion. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';

-- These four lack a comment only until 20261128003100 (memberships) creates them again with one;
-- a comment is written here only where none is, so that migration's stands.
do $$
begin
  if obj_description(to_regprocedure('public.effective_access_of(uuid, text, uuid)'), 'pg_proc') is null and to_regprocedure('public.effective_access_of(uuid, text, uuid)') is not null then
    comment on function public.effective_access_of(uuid, text, uuid) is
      'The records deciding _user_id''s access to modules, tools and lessons (one kind and one item when given, else all): the person''s own record wins; otherwise an item is open if any of their groups opens it now and visible if any of them shows it. Each row has the effective flags, whether a personal record or groups (named) decide, the next opening date and whether the access has expired; empty when the caller may not ask about _user_id (may_ask_about). PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';
  end if;
  if obj_description(to_regprocedure('public.effective_access(uuid)'), 'pg_proc') is null and to_regprocedure('public.effective_access(uuid)') is not null then
    comment on function public.effective_access(uuid) is
      'Every record deciding _user_id''s access, of every kind (effective_access_of for all kinds); notify_openings asks it for the students it may announce to. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';
  end if;
  if obj_description(to_regprocedure('public.student_access(uuid)'), 'pg_proc') is null and to_regprocedure('public.student_access(uuid)') is not null then
    comment on function public.student_access(uuid) is
      'A student''s effective access for the admin panel (effective_access of _student_id), or the caller''s own when none is given. PL/pgSQL with plan_cache_mode force_generic_plan so its queries keep one plan for the connection''s life: as an SQL function with set search_path it was never inlined and was planned again on every call, and its queries are small and read by key, so one plan fits every value.';
  end if;
  if obj_description(to_regprocedure('public.group_page(uuid)'), 'pg_proc') is null and to_regprocedure('public.group_page(uuid)') is not null then
    comment on function public.group_page(uuid) is
      'The admin''s group page in one call: the group, its members and its grants of every kind. Security invoker: the groups policies decide who may read it.';
  end if;
end;
$$;
