-- Issue 46: quizzes. A lesson may end with questions the database grades: the owner builds them in
-- the studio, a student answers, submit_quiz grades the attempt and, when it passes, passes the
-- lesson (pass_lesson). A student never reads the right answers (`correct`) nor the explanations
-- before an attempt: the columns are not granted to them, and the questions reach them through
-- quiz_for, which leaves both out. Nobody writes an attempt but submit_quiz.

create type public.quiz_question_kind as enum ('single', 'multiple', 'text', 'number');

create table public.quizzes (
  id uuid primary key default gen_random_uuid(),
  lesson_id uuid not null unique references public.lessons (id) on delete cascade,
  passing_percent integer not null default 70,
  -- Null: as many attempts as the student likes.
  max_attempts integer,
  is_stop_lesson boolean not null default false,
  shuffle boolean not null default false,
  -- A quiz is a draft until the owner publishes it: a new quiz on a published lesson reaches students only then.
  is_published boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint quizzes_passing_percent_range check (passing_percent between 1 and 100),
  constraint quizzes_max_attempts_range check (max_attempts is null or max_attempts between 1 and 100)
);

comment on column public.quizzes.is_published is
  'Whether students see the quiz (and whether it holds lessons as a stop-lesson): a new quiz is a draft until the owner presses «Опубликовать тест».';

create function public.quiz_key_is_valid(_kind public.quiz_question_kind, _options jsonb, _correct jsonb) returns boolean
  language plpgsql immutable
  set search_path to ''
as $$
declare
  option_ids text[];
  answers text[];
begin
  if _kind in ('single', 'multiple') then
    if jsonb_typeof(_options) <> 'array' or jsonb_array_length(_options) not between 2 and 20
      or jsonb_typeof(_correct) <> 'array' then
      return false;
    end if;
    if exists (
      select 1 from jsonb_array_elements(_options) o
      where jsonb_typeof(o) <> 'object' or jsonb_typeof(o -> 'id') <> 'string' or jsonb_typeof(o -> 'text') <> 'string'
        or btrim(o ->> 'id') = '' or btrim(o ->> 'text') = '' or char_length(o ->> 'text') > 1000
    ) then
      return false;
    end if;
    option_ids := array(select o ->> 'id' from jsonb_array_elements(_options) o);
    if (select count(distinct x) from unnest(option_ids) x) <> cardinality(option_ids) then
      return false;
    end if;
    if exists (select 1 from jsonb_array_elements(_correct) c where jsonb_typeof(c) <> 'string') then
      return false;
    end if;
    answers := array(select distinct c from jsonb_array_elements_text(_correct) c);
    return cardinality(answers) = jsonb_array_length(_correct)
      and answers <@ option_ids
      and case when _kind = 'single' then cardinality(answers) = 1 else cardinality(answers) >= 1 end;
  elsif _kind = 'text' then
    return _options = '[]'::jsonb and jsonb_typeof(_correct) = 'array' and jsonb_array_length(_correct) between 1 and 20
      and not exists (
        select 1 from jsonb_array_elements(_correct) c
        where jsonb_typeof(c) <> 'string' or btrim(c #>> '{}') = '' or char_length(c #>> '{}') > 500
      );
  else
    return _options = '[]'::jsonb and jsonb_typeof(_correct) = 'object'
      and jsonb_typeof(_correct -> 'value') = 'number' and jsonb_typeof(_correct -> 'tolerance') = 'number'
      and (_correct ->> 'tolerance')::numeric >= 0
      and (select count(*) from jsonb_object_keys(_correct)) = 2;
  end if;
end;
$$;

comment on function public.quiz_key_is_valid(public.quiz_question_kind, jsonb, jsonb) is
  'Whether a question''s options and key fit its kind (quiz_questions_key_fits_kind): single and multiple list 2–20 options {id, text} with distinct ids and name one (single) or at least one (multiple) of those ids as right; text accepts 1–20 non-empty answers and has no options; number holds exactly {value, tolerance ≥ 0} and has no options.';

revoke all on function public.quiz_key_is_valid(public.quiz_question_kind, jsonb, jsonb) from public, anon;
-- The check constraint runs it as whoever writes a question: the admins through the API, the server.
grant execute on function public.quiz_key_is_valid(public.quiz_question_kind, jsonb, jsonb) to authenticated, service_role;

create table public.quiz_questions (
  id uuid primary key default gen_random_uuid(),
  quiz_id uuid not null references public.quizzes (id) on delete cascade,
  order_index integer not null default 0,
  kind public.quiz_question_kind not null,
  prompt_md text not null,
  options jsonb not null default '[]'::jsonb,
  correct jsonb not null,
  points integer not null default 1,
  explanation_md text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint quiz_questions_prompt_length check (char_length(btrim(prompt_md)) between 1 and 5000),
  constraint quiz_questions_explanation_length check (char_length(explanation_md) <= 5000),
  constraint quiz_questions_points_range check (points between 1 and 100),
  constraint quiz_questions_key_fits_kind check (public.quiz_key_is_valid(kind, options, correct))
);

create index quiz_questions_quiz_idx on public.quiz_questions (quiz_id, order_index);

create table public.quiz_attempts (
  id uuid primary key default gen_random_uuid(),
  quiz_id uuid not null references public.quizzes (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  attempt integer not null,
  -- What the student answered, by question id: an option id, a list of them, or the text typed.
  answers jsonb not null,
  -- The grade of each question: [{question_id, right, points}].
  results jsonb not null,
  score integer not null,
  max_score integer not null,
  passed boolean not null,
  submitted_at timestamptz not null default now(),
  constraint quiz_attempts_attempt_positive check (attempt > 0),
  constraint quiz_attempts_quiz_id_user_id_attempt_key unique (quiz_id, user_id, attempt)
);

create index quiz_attempts_user_idx on public.quiz_attempts (user_id, quiz_id);

create trigger quizzes_touch_updated_at before update on public.quizzes
  for each row execute function public.touch_updated_at();
create trigger quiz_questions_touch_updated_at before update on public.quiz_questions
  for each row execute function public.touch_updated_at();
-- A published stop-quiz holds lessons until passed: the access rule reads both tables.
create trigger quizzes_forget_kept_access after insert or update or delete or truncate on public.quizzes
  for each statement execute function public.forget_kept_access();
create trigger quiz_attempts_forget_kept_access after insert or update or delete or truncate on public.quiz_attempts
  for each statement execute function public.forget_kept_access();

alter table public.quizzes enable row level security;
alter table public.quiz_questions enable row level security;
alter table public.quiz_attempts enable row level security;

create policy "Admins add quizzes" on public.quizzes for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit quizzes" on public.quizzes for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete quizzes" on public.quizzes for delete to authenticated
  using ((select public.is_admin()));
create policy "Who may open the lesson reads its published quiz" on public.quizzes for select to authenticated
  using ((select public.is_admin()) or (is_published and public.decide_can_open_lesson((select auth.uid()), lesson_id)));

grant select, insert, update, delete on table public.quizzes to authenticated;
grant select, insert, update, delete on table public.quizzes to service_role;

-- Students read questions through quiz_for alone; the admins read the key through quiz_editor.
create policy "Admins read quiz questions" on public.quiz_questions for select to authenticated
  using ((select public.is_admin()));
create policy "Admins add quiz questions" on public.quiz_questions for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins edit quiz questions" on public.quiz_questions for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete quiz questions" on public.quiz_questions for delete to authenticated
  using ((select public.is_admin()));

-- No API role reads `correct` or `explanation_md`: column grants leave them out.
grant select (id, quiz_id, order_index, kind, prompt_md, options, points, created_at, updated_at)
  on table public.quiz_questions to authenticated;
grant insert, update, delete on table public.quiz_questions to authenticated;
grant select, insert, update, delete on table public.quiz_questions to service_role;

create policy "Students read their own quiz attempts" on public.quiz_attempts for select to authenticated
  using (user_id = (select auth.uid()));
create policy "Admins read all quiz attempts" on public.quiz_attempts for select to authenticated
  using ((select public.is_admin()));

-- Written by submit_quiz alone.
grant select on table public.quiz_attempts to authenticated;
grant select, insert, update, delete on table public.quiz_attempts to service_role;

create function public.quiz_normal_text(_text text) returns text
  language sql immutable
  set search_path to ''
as $$
  select lower(regexp_replace(btrim(coalesce(_text, '')), '\s+', ' ', 'g'));
$$;

comment on function public.quiz_normal_text(text) is
  'A typed answer as a text question compares it: without case, surrounding spaces, and with each run of spaces inside as one. Asked by grade_quiz_answer.';

revoke all on function public.quiz_normal_text(text) from public, anon, authenticated;
grant execute on function public.quiz_normal_text(text) to service_role;

create function public.grade_quiz_answer(_kind public.quiz_question_kind, _correct jsonb, _answer jsonb) returns boolean
  language plpgsql immutable
  set search_path to ''
as $$
declare
  typed text;
  value numeric;
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
  -- number: a JSON number, or text with a decimal point or comma («3,5»), spaces anywhere.
  if jsonb_typeof(_answer) = 'number' then
    value := (_answer #>> '{}')::numeric;
  elsif jsonb_typeof(_answer) = 'string' then
    typed := replace(regexp_replace(_answer #>> '{}', '\s', '', 'g'), ',', '.');
    if typed !~ '^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$' or char_length(typed) > 40 then
      return false;
    end if;
    value := typed::numeric;
  else
    return false;
  end if;
  return abs(value - (_correct ->> 'value')::numeric) <= (_correct ->> 'tolerance')::numeric;
end;
$$;

comment on function public.grade_quiz_answer(public.quiz_question_kind, jsonb, jsonb) is
  'Whether one answer is right, by the question''s kind: single, the option chosen is the right one; multiple, exactly the right options are chosen; text, it equals one accepted answer as quiz_normal_text compares them; number, it is within tolerance of the value (a decimal comma counts). Anything of the wrong shape is wrong. Asked by submit_quiz; the service role may ask it (the grading tests).';

revoke all on function public.grade_quiz_answer(public.quiz_question_kind, jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.grade_quiz_answer(public.quiz_question_kind, jsonb, jsonb) to service_role;

create function public.submit_quiz(_quiz_id uuid, _answers jsonb) returns uuid
  language plpgsql security definer
  set search_path to ''
as $$
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
  'Grades the caller''s answers to a published quiz of a lesson they may open and records the attempt (quiz_attempts: the answers, each question right or not, the score in points of the maximum, passed when the score reaches passing_percent); a passed attempt passes the lesson (pass_lesson). Refuses past max_attempts (hint quiz_attempts_spent) and a quiz without questions (quiz_empty); a per-student, per-quiz advisory lock makes two submissions at once count one after the other. Nothing is notified: the student sees the grade at once and no one else has to act. Answers the attempt''s id.';

revoke all on function public.submit_quiz(uuid, jsonb) from public, anon;
grant execute on function public.submit_quiz(uuid, jsonb) to authenticated, service_role;

create function public.quiz_for(_user_id uuid, _lesson_id uuid) returns jsonb
  language plpgsql stable security definer
  set search_path to ''
as $$
declare
  quiz public.quizzes;
  latest public.quiz_attempts;
begin
  select * into quiz from public.quizzes where lesson_id = _lesson_id and is_published;
  if quiz.id is null or not public.can_open_lesson(_user_id, _lesson_id) then
    return null;
  end if;
  select * into latest from public.quiz_attempts
  where quiz_id = quiz.id and user_id = _user_id order by attempt desc limit 1;
  return jsonb_build_object(
    'quiz', jsonb_build_object(
      'id', quiz.id, 'passing_percent', quiz.passing_percent, 'max_attempts', quiz.max_attempts,
      'is_stop_lesson', quiz.is_stop_lesson
    ),
    -- Never `correct`; a shuffled quiz keeps one order per student, so a reload shows the same.
    'questions', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', q.id, 'kind', q.kind, 'prompt_md', q.prompt_md, 'points', q.points,
        'options', coalesce((
          select jsonb_agg(jsonb_build_object('id', o ->> 'id', 'text', o ->> 'text')
            order by case when quiz.shuffle then md5(_user_id::text || q.id::text || (o ->> 'id')) end, n)
          from jsonb_array_elements(q.options) with ordinality as opts(o, n)
        ), '[]'::jsonb)
      ) order by case when quiz.shuffle then md5(_user_id::text || q.id::text) end, q.order_index, q.id)
      from public.quiz_questions q where q.quiz_id = quiz.id
    ), '[]'::jsonb),
    'attempts', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', a.id, 'attempt', a.attempt, 'score', a.score, 'max_score', a.max_score, 'passed', a.passed,
        'submitted_at', a.submitted_at
      ) order by a.attempt)
      from public.quiz_attempts a where a.quiz_id = quiz.id and a.user_id = _user_id
    ), '[]'::jsonb),
    -- The latest attempt's grade by question, with the explanations: shown only after an attempt.
    'latest', case when latest.id is null then null else (
      select coalesce(jsonb_agg(jsonb_build_object(
        'question_id', r ->> 'question_id', 'right', (r ->> 'right')::boolean,
        'explanation_md', coalesce(q.explanation_md, '')
      )), '[]'::jsonb)
      from jsonb_array_elements(latest.results) r
      left join public.quiz_questions q on q.id = (r ->> 'question_id')::uuid
    ) end
  );
end;
$$;

comment on function public.quiz_for(uuid, uuid) is
  'A lesson''s published quiz as _user_id takes it, only when they may open the lesson (can_open_lesson, which also says whether the caller may ask about _user_id): its rules, its questions without the key (no `correct`, no explanation; a shuffled quiz in one order per student), every attempt of theirs with its score, and the latest attempt''s grade by question with the explanations. Null when the lesson has no published quiz. Read beside lesson_page and course_lesson_page.';

revoke all on function public.quiz_for(uuid, uuid) from public, anon;
grant execute on function public.quiz_for(uuid, uuid) to authenticated, service_role;

create function public.quiz_editor(_lesson_id uuid) returns jsonb
  language plpgsql stable security definer
  set search_path to ''
as $$
begin
  if not public.is_admin() then
    return null;
  end if;
  return (
    select jsonb_build_object(
      'quiz', to_jsonb(z),
      'questions', coalesce((
        select jsonb_agg(to_jsonb(q) order by q.order_index, q.id) from public.quiz_questions q where q.quiz_id = z.id
      ), '[]'::jsonb),
      'attempts', (select count(*) from public.quiz_attempts a where a.quiz_id = z.id)
    )
    from public.quizzes z where z.lesson_id = _lesson_id
  );
end;
$$;

comment on function public.quiz_editor(uuid) is
  'A lesson''s quiz as the studio edits it, for admins only (null for anyone else, and when the lesson has no quiz): the quiz, its questions in order with the key and explanations (columns no API role may select), and how many attempts students made.';

revoke all on function public.quiz_editor(uuid) from public, anon;
grant execute on function public.quiz_editor(uuid) to authenticated, service_role;

create function public.move_quiz_question(_question_id uuid, _direction text) returns void
  language plpgsql
  set search_path to ''
as $$
declare
  quiz uuid;
  ids uuid[];
  place integer;
  other integer;
begin
  select quiz_id into quiz from public.quiz_questions where id = _question_id;
  if quiz is null then
    raise exception 'question not found' using errcode = 'P0002';
  end if;
  ids := array(select id from public.quiz_questions where quiz_id = quiz order by order_index, id);
  place := array_position(ids, _question_id);
  other := place + case when _direction = 'up' then -1 else 1 end;
  if other between 1 and cardinality(ids) then
    ids[place] := ids[other];
    ids[other] := _question_id;
  end if;
  update public.quiz_questions q set order_index = s.n
  from unnest(ids) with ordinality as s(id, n)
  where q.id = s.id and q.order_index <> s.n;
end;
$$;

comment on function public.move_quiz_question(uuid, text) is
  'The studio''s «Выше» / «Ниже» of a question: numbers its quiz''s questions 1…n in order with this one moved one place up or down (the ends stay). Runs as the caller, so row level security lets only admins change anything.';

revoke all on function public.move_quiz_question(uuid, text) from public, anon;
grant execute on function public.move_quiz_question(uuid, text) to authenticated, service_role;

create function public.quiz_analytics(_group_id uuid default null) returns jsonb
  language sql stable security definer
  set search_path to ''
as $$
  with students as materialized (select s.user_id from public.analytics_students(_group_id) s),
  attempts as materialized (
    select a.quiz_id, a.user_id, a.attempt, a.passed, (r ->> 'question_id')::uuid as question_id, (r ->> 'right')::boolean as right_answer
    from public.quiz_attempts a cross join jsonb_array_elements(a.results) r
    where a.user_id in (select user_id from students)
  ),
  first_right as (
    select question_id, user_id, min(attempt) filter (where right_answer) as attempt
    from attempts group by question_id, user_id
  ),
  first_pass as (
    select quiz_id, user_id, min(attempt) as attempt from attempts where passed group by quiz_id, user_id
  ),
  per_question as (
    select q.id, q.quiz_id, q.order_index, q.prompt_md, q.kind,
      (select count(*) from attempts t where t.question_id = q.id) as answered,
      (select count(*) from attempts t where t.question_id = q.id and t.right_answer) as right_count,
      (select avg(f.attempt) from first_right f where f.question_id = q.id and f.attempt is not null) as attempts_to_right
    from public.quiz_questions q
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'quiz_id', z.id, 'lesson_id', l.id, 'lesson_title', l.title, 'is_published', z.is_published,
      'students', (select count(distinct a.user_id) from attempts a where a.quiz_id = z.id),
      'passed', (select count(*) from first_pass p where p.quiz_id = z.id),
      'attempts_to_pass', (select round(avg(p.attempt), 1) from first_pass p where p.quiz_id = z.id),
      'questions', coalesce((
        select jsonb_agg(jsonb_build_object(
          'id', pq.id, 'prompt_md', pq.prompt_md, 'kind', pq.kind, 'answered', pq.answered, 'right', pq.right_count,
          'attempts_to_right', round(pq.attempts_to_right, 1)
        ) order by pq.order_index, pq.id)
        from per_question pq where pq.quiz_id = z.id
      ), '[]'::jsonb)
    ) order by l.title, z.id), '[]'::jsonb)
  from public.quizzes z join public.lessons l on l.id = z.lesson_id
  where (select public.is_reviewer());
$$;

comment on function public.quiz_analytics(uuid) is
  'For the analytics page, every quiz with its lesson: how many students tried it and passed, the attempts a pass took on average, and per question how many graded answers there were, how many right, and by which attempt students first got it right on average, so a confusing question stands out. The students are analytics_students''s (an admin''s every student or a group''s, a curator''s own groups; staff never), so a curator sees their groups'' figures; empty for anyone who reviews nobody. Never the key.';

revoke all on function public.quiz_analytics(uuid) from public, anon;
grant execute on function public.quiz_analytics(uuid) to authenticated, service_role;
