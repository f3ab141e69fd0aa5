-- «Принятые» within 50 ms at a school whose students have passed their stop-lessons (issue 44).
-- A tab's total counts every latest attempt of its status, and at 10,000 students with stop-lessons
-- in most tools and modules «Принятые» holds 360,000 works. Counted from submissions_latest_idx
-- (migration …7000: status, submitted_at, id and the included assignment and student, 46 MB) or from
-- the table, the count alone took 54–95 ms, and the tab 83 / 92 ms p50 / p95 as an admin and 91 /
-- 115 ms as a curator of five groups (PostgreSQL 15, 2 busy cores).
--
-- This index holds only the status and the student of each latest attempt. Many attempts share
-- both, so B-tree deduplication keeps it at 3.4 MB: an admin's total is one range of it (22–25 ms for
-- 360,000 works on the same machine), and a curator's total one look-up per student of theirs
-- (status and user_id = any (their students)). The page still reads submissions_latest_idx in the
-- queue's order. The planner picks this index for the count; review_queue only stops starting parallel workers for it.
create index submissions_latest_students_idx on public.submissions (status, user_id) where not superseded;

-- Counted by one process: split across two parallel workers the count took 28–37 ms p50 on the
-- 2-core machine, starting the workers included, and 22–26 ms without them.
alter function public.review_queue(public.submission_status, uuid, text, uuid, uuid, integer, integer)
  set max_parallel_workers_per_gather = 0;

comment on function public.review_queue(public.submission_status, uuid, text, uuid, uuid, integer, integer) is
  'The works the caller may review (all for an admin, their groups'' students for a curator) with the status and filters asked, latest attempts only, oldest first, a page at a time with the total. plan_cache_mode force_custom_plan: each call is planned for its own filters, so unused filters fold away and the status is an index condition; «Ждут проверки» reads submissions_waiting_idx, the other tabs submissions_latest_idx (a work''s latest attempts, by status and the queue''s order), where «latest» is the superseded mark kept by a trigger instead of a probe for a newer attempt per row (25,000 probes for «На доработке», 60,000 for «Принятые» at 10,000 students). The matching rows are not materialized: the total is counted from an index (submissions_latest_students_idx, status and student only, small enough to count 360,000 accepted works in about 25 ms) and the page is the first rows of its range, rather than every matching row kept, counted and sorted. A curator''s students are asked once, as an array. max_parallel_workers_per_gather 0: starting two workers for the count cost more than they saved on a 2-core server.';
