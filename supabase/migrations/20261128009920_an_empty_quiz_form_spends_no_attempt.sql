-- A quiz form sent with nothing answered is refused rather than graded: under max_attempts a stray
-- press on «Отправить ответы» spent an attempt scored zero (found trying the product as a student).

create or replace function public.submit_quiz(_quiz_id uuid, _answers jsonb) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  quiz public.quizzes;
  viewer constant uuid := auth.uid();
  taken integer;
  graded jsonb;
  earned integer;
  possible integer;
  attempt_id uuid;
begin
  select * into quiz from public.quizzes where id = _quiz_id;
  if quiz.id is null or viewer is null or not quiz.is_published or not public.can_open_lesson(viewer, quiz.lesson_id) then
    raise exception 'quiz not found' using errcode = 'P0002';
  end if;
  if _answers is null or jsonb_typeof(_answers) <> 'object' or octet_length(_answers::text) > 100000 then
    raise exception 'answers are not an object' using errcode = '22023';
  end if;
  -- A form sent with nothing answered (a stray press) is no attempt: it would spend one of max_attempts.
  if exists (select 1 from public.quiz_questions q where q.quiz_id = _quiz_id) and not exists (
    select 1 from public.quiz_questions q
    where q.quiz_id = _quiz_id
      and _answers -> q.id::text not in ('null'::jsonb, '[]'::jsonb)
      and btrim(_answers ->> q.id::text) <> ''
  ) then
    raise exception 'nothing answered' using errcode = 'P0001', hint = 'quiz_unanswered';
  end if;
  -- One attempt at a time per student and quiz, even from two tabs at once: the count below is then exact.
  perform pg_advisory_xact_lock(hashtextextended('quiz:' || _quiz_id::text || viewer::text, 0));
  select count(*) into taken from public.quiz_attempts where quiz_id = _quiz_id and user_id = viewer;
  if quiz.max_attempts is not null and taken >= quiz.max_attempts then
    raise exception 'no attempts left' using errcode = 'P0001', hint = 'quiz_attempts_spent';
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
      'question_id', g.id, 'right', g.right_answer, 'points', case when g.right_answer then g.points else 0 end
    ) order by g.order_index, g.id), '[]'::jsonb),
    coalesce(sum(g.points) filter (where g.right_answer), 0), coalesce(sum(g.points), 0)
  into graded, earned, possible
  from (
    select q.id, q.order_index, q.points, public.grade_quiz_answer(q.kind, q.correct, _answers -> q.id::text) as right_answer
    from public.quiz_questions q where q.quiz_id = _quiz_id
  ) g;
  if possible = 0 then
    raise exception 'the quiz has no questions' using errcode = 'P0001', hint = 'quiz_empty';
  end if;
  insert into public.quiz_attempts (quiz_id, user_id, attempt, answers, results, score, max_score, passed)
  values (
    _quiz_id, viewer, taken + 1,
    -- Only the answers to this quiz's questions are kept.
    coalesce((select jsonb_object_agg(q.id::text, _answers -> q.id::text) from public.quiz_questions q
      where q.quiz_id = _quiz_id and _answers ? q.id::text), '{}'::jsonb),
    graded, earned, possible, earned * 100 >= quiz.passing_percent * possible
  )
  returning id into attempt_id;
  if earned * 100 >= quiz.passing_percent * possible then
    perform public.pass_lesson(viewer, quiz.lesson_id);
  end if;
  return attempt_id;
end;
$$;

comment on function public.submit_quiz(uuid, jsonb) is
  'Grades the caller''s answers to a published quiz of a lesson they may open and records the attempt (quiz_attempts: the answers, each question right or not, the score in points of the maximum, passed when the score reaches passing_percent); a passed attempt passes the lesson (pass_lesson). Refuses answers that answer no question (quiz_unanswered: a stray press spends no attempt), past max_attempts (hint quiz_attempts_spent) and a quiz without questions (quiz_empty); a per-student, per-quiz advisory lock makes two submissions at once count one after the other. Nothing is notified: the student sees the grade at once and no one else has to act. Answers the attempt''s id.';
