-- A number question answered «abc» was graded wrong without a word (found trying the product as a
-- student): the answer is now refused, naming the slip, and spends no attempt. The reading of a
-- typed number moves into quiz_number, so grading and this check read it alike.

create function public.quiz_number(_answer jsonb) returns numeric
    language plpgsql immutable
    set search_path to ''
    as $_$
declare
  typed text;
begin
  if jsonb_typeof(_answer) = 'number' then
    return (_answer #>> '{}')::numeric;
  elsif jsonb_typeof(_answer) = 'string' then
    typed := replace(regexp_replace(_answer #>> '{}', '\s', '', 'g'), ',', '.');
    if typed ~ '^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$' and char_length(typed) <= 40 then
      return typed::numeric;
    end if;
  end if;
  return null;
end;
$_$;

comment on function public.quiz_number(jsonb) is
  'The number a student answered to a number question: a JSON number, or text with a decimal point or comma («3,5») and spaces anywhere, at most 40 characters; null when the answer is no number. Read by grade_quiz_answer and by submit_quiz, which refuses a typed answer that is no number.';

revoke all on function public.quiz_number(jsonb) from public;
grant all on function public.quiz_number(jsonb) to service_role;

create or replace function public.grade_quiz_answer(_kind public.quiz_question_kind, _correct jsonb, _answer jsonb) returns boolean
    language plpgsql immutable
    set search_path to ''
    as $_$
begin
  if _answer is null or jsonb_typeof(_answer) = 'null' then
    return false;
  end if;
  if _kind = 'single' then
    return jsonb_typeof(_answer) = 'string' and _correct ? (_answer #>> '{}');
  elsif _kind = 'multiple' then
    if jsonb_typeof(_answer) <> 'array' then
      return false;
    end if;
    return array(select distinct x from jsonb_array_elements_text(_answer) x order by x)
      = array(select distinct x from jsonb_array_elements_text(_correct) x order by x);
  elsif _kind = 'text' then
    return jsonb_typeof(_answer) = 'string' and exists (
      select 1 from jsonb_array_elements_text(_correct) c
      where public.quiz_normal_text(c) = public.quiz_normal_text(_answer #>> '{}')
    );
  end if;
  return coalesce(abs(public.quiz_number(_answer) - (_correct ->> 'value')::numeric) <= (_correct ->> 'tolerance')::numeric, false);
end;
$_$;

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
  -- «abc» to a number question is a slip of the keyboard, not an answer: said before it spends an attempt.
  if exists (
    select 1 from public.quiz_questions q
    where q.quiz_id = _quiz_id and q.kind = 'number'
      and jsonb_typeof(_answers -> q.id::text) = 'string' and btrim(_answers ->> q.id::text) <> ''
      and public.quiz_number(_answers -> q.id::text) is null
  ) then
    raise exception 'a number question answered with no number' using errcode = 'P0001', hint = 'quiz_not_a_number';
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
  'Grades the caller''s answers to a published quiz of a lesson they may open and records the attempt (quiz_attempts: the answers, each question right or not, the score in points of the maximum, passed when the score reaches passing_percent); a passed attempt passes the lesson (pass_lesson). Refuses answers that answer no question (quiz_unanswered: a stray press spends no attempt), a typed answer to a number question that is no number (quiz_not_a_number, as quiz_number reads it), past max_attempts (hint quiz_attempts_spent) and a quiz without questions (quiz_empty); a per-student, per-quiz advisory lock makes two submissions at once count one after the other. Nothing is notified: the student sees the grade at once and no one else has to act. Answers the attempt''s id.';
