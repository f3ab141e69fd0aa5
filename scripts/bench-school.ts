import type { Database } from "../local-backend/database";

/**
 * A large school for `npm run bench`: thousands of students (through auth.users, so the sign-up
 * trigger makes their profiles and roles), a catalogue of tools with many lessons, cohorts (every
 * student in one group, each group with dated grants on every bench tool), plus one student with
 * an access row for every lesson. Returns that student's id.
 */
export async function seedLargeSchool(
  db: Database,
  { students, tools, lessonsPerTool, groups }: { students: number; tools: number; lessonsPerTool: number; groups: number },
) {
  await db.exec(`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_user_meta_data)
    select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
           format('bench-%s@example.com', lpad(n::text, 5, '0')), '', now(),
           -- Letters for digits: a name keeps the form's rule (migration …1100), or the profile gets none.
           jsonb_build_object('full_name', 'Студент ' || translate(n::text, '0123456789', 'абвгдежзик'))
    from generate_series(1, ${students}) n;

    insert into public.tech_tools (name, description, order_index)
    select format('Bench Tool %s', t), 'Инструмент для замера', 100 + t from generate_series(1, ${tools}) t;

    insert into public.lessons (tool_id, title, order_index, description, video_url)
    select tt.id, format('Урок %s', l), l, 'Описание', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'
    from public.tech_tools tt cross join generate_series(1, ${lessonsPerTool}) l
    where tt.name like 'Bench Tool %';

    insert into public.groups (name) select format('Bench Поток %s', g) from generate_series(1, ${groups}) g;

    insert into public.group_members (group_id, user_id)
    select g.id, u.id
    from auth.users u
    join lateral (
      select id from public.groups where name = format('Bench Поток %s', 1 + (abs(hashtext(u.email)) % ${groups}))
    ) g on true
    where u.email like 'bench-%';

    insert into public.group_tool_access (group_id, tool_id, is_unlocked, unlock_at, expires_at)
    select g.id, tt.id, true, now() - interval '1 day', now() + interval '30 days'
    from public.groups g cross join public.tech_tools tt
    where g.name like 'Bench Поток %' and tt.name like 'Bench Tool %';

    insert into public.lesson_access (user_id, lesson_id, is_unlocked, is_visible)
    select (select id from auth.users where email = 'bench-00001@example.com'), l.id, l.order_index % 2 = 0, true
    from public.lessons l join public.tech_tools tt on tt.id = l.tool_id where tt.name like 'Bench Tool %';
  `);
  const { rows } = await db.query<{ id: string }>(`select id from auth.users where email = 'bench-00001@example.com'`);
  return rows[0].id;
}

/**
 * The access tables at scale: `students` bench students each get a personal record for every
 * bench lesson (1,000 × 200 = 200,000 rows), as a school that opens lessons one by one would have.
 */
export async function spreadLessonAccess(db: Database, students: number) {
  await db.exec(`
    insert into public.lesson_access (user_id, lesson_id, is_unlocked, is_visible)
    select u.id, l.id, true, true
    from (select id from auth.users where email like 'bench-%' order by email limit ${students}) u
    cross join public.lessons l join public.tech_tools tt on tt.id = l.tool_id
    where tt.name like 'Bench Tool %'
    on conflict (user_id, lesson_id) do nothing;
    analyze public.lesson_access;
  `);
  const { rows } = await db.query<{ count: number }>(`select count(*)::int as count from public.lesson_access`);
  return rows[0].count;
}

/**
 * Homework at scale: an assignment on the first lesson of every bench tool, and `submissions`
 * waiting works from bench students (one each), for the review queue.
 */
export async function seedSubmissions(db: Database, submissions: number) {
  await db.exec(`
    insert into public.assignments (lesson_id, instructions_md, accepts_text, accepts_links)
    select l.id, 'Опишите гипотезу', true, true
    from public.lessons l join public.tech_tools tt on tt.id = l.tool_id
    where tt.name like 'Bench Tool %' and l.order_index = 1;

    insert into public.submissions (assignment_id, user_id, attempt, answer_md, submitted_at)
    select a.id, u.id, 1, 'Моя гипотеза: ' || u.n, now() - make_interval(mins => u.n::int)
    from (select id, row_number() over (order by email) as n from auth.users where email like 'bench-%' limit ${submissions}) u
    join lateral (
      select a.id from public.assignments a
      join public.lessons l on l.id = a.lesson_id join public.tech_tools tt on tt.id = l.tool_id
      where tt.name = format('Bench Tool %s', 1 + (u.n % 10))
    ) a on true;
  `);
  const { rows } = await db.query<{ count: number }>(`select count(*)::int as count from public.submissions`);
  return rows[0].count;
}
