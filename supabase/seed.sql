-- Demo content for a course on founding IT products without code and, on the local backend only,
-- three demo accounts with the demo student's access, progress and cohort:
--   admin@example.com / admin12345   (admin)
--   student@example.com / student12345 (student: a few items unlocked, one hidden)
--   curator@example.com / curator12345 (curator: reviews the homework of the groups an admin assigns them to)
-- Accounts with known passwords must never reach a real school: they are created only where the
-- local backend's own schema (_local, local-backend/bootstrap.sql) exists, which no hosted project
-- has. On a hosted project (`psql -f`, `supabase db push --include-seed`) this file adds the demo
-- course content alone. local-backend/demo-accounts.ts names the same accounts.

do $$
begin
  if not exists (select from pg_catalog.pg_namespace where nspname = '_local') then
    raise notice 'seed.sql: no demo accounts outside the local backend (they have known passwords)';
    return;
  end if;

  insert into auth.users (
    instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
    confirmation_token, recovery_token, email_change, email_change_token_new
  ) values
    ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000001', 'authenticated',
     'authenticated', 'admin@example.com', extensions.crypt('admin12345', extensions.gen_salt('bf', 10)), now(),
     '{"provider":"email","providers":["email"]}', '{"full_name":"Анна Администратор"}', now(), now(), '', '', '', ''),
    ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000002', 'authenticated',
     'authenticated', 'student@example.com', extensions.crypt('student12345', extensions.gen_salt('bf', 10)), now(),
     '{"provider":"email","providers":["email"]}', '{"full_name":"Сергей Студентов"}', now(), now(), '', '', '', ''),
    ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000003', 'authenticated',
     'authenticated', 'curator@example.com', extensions.crypt('curator12345', extensions.gen_salt('bf', 10)), now(),
     '{"provider":"email","providers":["email"]}', '{"full_name":"Ксения Кураторова"}', now(), now(), '', '', '', '');

  insert into auth.identities (id, user_id, provider_id, provider, identity_data, last_sign_in_at, created_at, updated_at)
  select gen_random_uuid(), u.id, u.id::text, 'email',
         jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true),
         now(), now(), now()
  from auth.users u
  where u.email in ('admin@example.com', 'student@example.com', 'curator@example.com');

  update public.user_roles set role = 'admin' where user_id = 'a0000000-0000-4000-8000-000000000001';
  update public.user_roles set role = 'curator' where user_id = 'a0000000-0000-4000-8000-000000000003';
end
$$;

insert into public.course_modules (id, title, description, order_index) values
  ('c0000000-0000-4000-8000-000000000001', 'От идеи к проблеме клиента',
   'Как найти идею, которая решает настоящую боль, и проверить её за неделю без единой строчки кода.', 1),
  ('c0000000-0000-4000-8000-000000000002', 'Цикл разработки продукта',
   'MVP, прототип, первая версия: что делать на каждом шаге и как ставить задачи ИИ и no-code инструментам.', 2),
  ('c0000000-0000-4000-8000-000000000003', 'Первые продажи',
   'Оффер, цена и первые десять клиентов: продаём до того, как продукт готов.', 3),
  ('c0000000-0000-4000-8000-000000000004', 'Автоворонки',
   'Лендинг, чат-бот и цепочка писем, которые приводят клиентов, пока вы спите.', 4),
  ('c0000000-0000-4000-8000-000000000005', 'Привлечение клиентов',
   'Контент, реклама и партнёрства: каналы, которые окупаются для маленькой команды.', 5),
  ('c0000000-0000-4000-8000-000000000006', 'Команда и инвестиции',
   'Когда звать кофаундера, как нанять первого подрядчика и говорить с инвестором.', 6);

insert into public.tech_tools (id, name, description, order_index) values
  ('70000000-0000-4000-8000-000000000001', 'Lovable',
   'Собираем веб-приложение по текстовому описанию: от идеи до рабочего прототипа за вечер.', 1),
  ('70000000-0000-4000-8000-000000000002', 'Cursor',
   'Редактор кода с ИИ: дорабатываем проект, даже если вы никогда не программировали.', 2),
  ('70000000-0000-4000-8000-000000000003', 'n8n',
   'Автоматизации и интеграции: связываем сервисы и ИИ-агентов без программиста.', 3),
  ('70000000-0000-4000-8000-000000000004', 'Bubble',
   'Визуальный конструктор полноценных веб-приложений с базой данных и оплатами.', 4),
  ('70000000-0000-4000-8000-000000000005', 'Supabase',
   'База данных, авторизация и хранилище файлов для вашего продукта.', 5),
  ('70000000-0000-4000-8000-000000000006', 'Tilda',
   'Лендинги и сайты, которые продают: собираем за один день.', 6);

insert into public.modules (id, tool_id, name, description, order_index) values
  ('b0000000-0000-4000-8000-000000000001', '70000000-0000-4000-8000-000000000001', 'Первый прототип',
   'Пишем промпт, получаем приложение и показываем его первым пользователям.', 1),
  ('b0000000-0000-4000-8000-000000000002', '70000000-0000-4000-8000-000000000001', 'Данные и авторизация',
   'Подключаем базу данных и вход для пользователей.', 2),
  ('b0000000-0000-4000-8000-000000000003', '70000000-0000-4000-8000-000000000001', 'Публикация',
   'Свой домен, аналитика и запуск.', 3),
  ('b0000000-0000-4000-8000-000000000004', '70000000-0000-4000-8000-000000000003', 'Основы автоматизаций',
   'Триггеры, узлы и первые сценарии.', 1);

insert into public.lessons (id, tool_id, module_id, title, description, video_url, order_index) values
  ('d0000000-0000-4000-8000-000000000001', '70000000-0000-4000-8000-000000000001', null,
   'Что такое Lovable и зачем он фаундеру',
   E'Разбираем, какие продукты можно собрать в Lovable и где его пределы.\nОфициальный сайт: https://lovable.dev\nДокументация: https://docs.lovable.dev',
   'https://youtu.be/dQw4w9WgXcQ', 1),
  ('d0000000-0000-4000-8000-000000000002', '70000000-0000-4000-8000-000000000001', null,
   'Регистрация и тарифы',
   E'Создаём аккаунт и выбираем тариф.\nБесплатного тарифа хватит на первый прототип.',
   'https://www.youtube.com/watch?v=ScMzIvxBSi4&t=42s', 2),
  ('d0000000-0000-4000-8000-000000000003', '70000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001',
   'Пишем первый промпт',
   E'Как описать продукт так, чтобы ИИ понял задачу.\nШаблон промпта: https://example.com/prompt-template\nСовет: начинайте с одного главного сценария.',
   'https://www.youtube.com/watch?v=aqz-KE-bpKQ', 1),
  ('d0000000-0000-4000-8000-000000000004', '70000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001',
   'Правки и итерации',
   E'Учимся просить точечные правки и откатывать неудачные версии.',
   'https://youtu.be/jNQXAC9IVRw?si=share', 2),
  ('d0000000-0000-4000-8000-000000000005', '70000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002',
   'Подключаем Supabase',
   E'Таблицы, связи и вход по почте.\nПодробнее: https://supabase.com/docs',
   'https://www.youtube.com/watch?v=9bZkp7q19f0', 1),
  ('d0000000-0000-4000-8000-000000000006', '70000000-0000-4000-8000-000000000002', null,
   'Установка Cursor и первый проект',
   E'Скачиваем редактор: https://cursor.com\nОткрываем проект и знакомимся с чатом.',
   'https://youtu.be/kJQP7kiw5Fk', 1),
  ('d0000000-0000-4000-8000-000000000007', '70000000-0000-4000-8000-000000000002', null,
   'Как просить ИИ исправить ошибку',
   E'Копируем текст ошибки, даём контекст и проверяем результат.\nЧек-лист в описании урока.',
   'https://www.youtube.com/watch?v=OPf0YbXqDm0', 2),
  ('d0000000-0000-4000-8000-000000000008', '70000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000004',
   'Первый сценарий: заявки с сайта в Telegram',
   E'Собираем сценарий из трёх узлов.\nШаблоны n8n: https://n8n.io/workflows',
   'https://youtu.be/RgKAFK5djSk', 1),
  ('d0000000-0000-4000-8000-000000000009', '70000000-0000-4000-8000-000000000003', null,
   'Облако или свой сервер',
   E'Сравниваем варианты установки n8n и считаем стоимость.',
   'https://www.youtube.com/watch?v=fJ9rUzIMcZQ', 1),
  ('d0000000-0000-4000-8000-000000000010', '70000000-0000-4000-8000-000000000004', null,
   'Интерфейс Bubble за 15 минут',
   E'Редактор, страницы и элементы.\nУчебник: https://manual.bubble.io',
   'https://youtu.be/CevxZvSJLk8', 1),
  ('d0000000-0000-4000-8000-000000000011', '70000000-0000-4000-8000-000000000005', null,
   'Таблицы и политики безопасности',
   E'Создаём таблицы и включаем row level security.\nhttps://supabase.com/docs/guides/database/postgres/row-level-security',
   'https://www.youtube.com/watch?v=hTWKbfoikeg', 1);

-- Drafts the owner is still preparing: students see none of them.
insert into public.course_modules (id, title, description, order_index, is_published) values
  ('c0000000-0000-4000-8000-000000000007', 'Масштабирование',
   'Как расти после первых ста клиентов: процессы, найм и метрики.', 7, false);
insert into public.tech_tools (id, name, description, order_index, is_published) values
  ('70000000-0000-4000-8000-000000000007', 'Make',
   'Сценарии автоматизации в визуальном редакторе.', 7, false);
insert into public.modules (id, tool_id, name, description, order_index, is_published) values
  ('b0000000-0000-4000-8000-000000000005', '70000000-0000-4000-8000-000000000003', 'ИИ-агенты',
   'Агенты, которые сами отвечают клиентам.', 2, false);
insert into public.lessons (id, tool_id, module_id, title, description, video_url, order_index) values
  ('d0000000-0000-4000-8000-000000000012', '70000000-0000-4000-8000-000000000007', null,
   'Первый сценарий в Make', E'Собираем сценарий из двух модулей.', 'https://www.youtube.com/embed/dQw4w9WgXcQ', 1),
  ('d0000000-0000-4000-8000-000000000013', '70000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000005',
   'Агент поддержки за час', E'Подключаем модель и базу знаний.', 'https://www.youtube.com/embed/dQw4w9WgXcQ', 1);

-- Product Founder lessons: every module but «Привлечение клиентов» has some; one is a draft.
insert into public.lessons (id, course_module_id, title, description, video_url, order_index, is_published) values
  ('e0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001',
   'Где искать идеи, которые нужны людям',
   E'Смотрим на свою работу, хобби и жалобы знакомых: лучшие идеи лежат рядом.\nРабочая тетрадь: https://example.com/idea-workbook',
   'https://rutube.ru/play/embed/c6cc4d620b1d4338901770a44b3e82f4', 1, true),
  ('e0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001',
   'Интервью с клиентом без наводящих вопросов',
   E'Пять вопросов, которые показывают настоящую боль, и три, которые всё портят.\nСкрипт интервью: https://example.com/interview-script',
   'https://vkvideo.ru/video_ext.php?oid=-22822305&id=456241864&hash=e037414127166efe', 2, true),
  ('e0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000001',
   'Проверяем спрос за выходные',
   E'Лендинг-заглушка, небольшой бюджет на рекламу и честный подсчёт заявок.',
   'https://www.youtube.com/embed/dQw4w9WgXcQ', 3, true),
  ('e0000000-0000-4000-8000-000000000004', 'c0000000-0000-4000-8000-000000000001',
   'Разбор идей участников потока',
   E'Запись эфира появится после встречи потока.',
   null, 4, false),
  ('e0000000-0000-4000-8000-000000000005', 'c0000000-0000-4000-8000-000000000002',
   'MVP, прототип и первая версия: в чём разница',
   E'Разбираем, что показывать первым пользователям и сколько на это тратить.',
   'https://rutube.ru/play/embed/7a6d2a6d4d1f4e3f9e8b1c2d3e4f5a6b', 1, true),
  ('e0000000-0000-4000-8000-000000000006', 'c0000000-0000-4000-8000-000000000002',
   'Как ставить задачу ИИ и подрядчику',
   E'Техническое задание на одной странице: цель, сценарии, критерии готовности.\nШаблон: https://example.com/brief',
   'https://kinescope.io/embed/bq3Hd6yZ8tLmXYdeADrGs1', 2, true),
  ('e0000000-0000-4000-8000-000000000007', 'c0000000-0000-4000-8000-000000000003',
   'Оффер, который понятен за пять секунд',
   E'Формула оффера и примеры до и после.',
   'https://vkvideo.ru/video_ext.php?oid=-22822305&id=456241865', 1, true),
  ('e0000000-0000-4000-8000-000000000008', 'c0000000-0000-4000-8000-000000000004',
   'Воронка на одной странице',
   E'Рисуем путь клиента от рекламы до оплаты и находим, где он теряется.',
   'https://player.vimeo.com/video/76979871', 1, true),
  ('e0000000-0000-4000-8000-000000000009', 'c0000000-0000-4000-8000-000000000006',
   'Когда нужен кофаундер',
   E'Признаки того, что пора искать партнёра, и как делить доли.',
   'https://rutube.ru/play/embed/0f1e2d3c4b5a69788796a5b4c3d2e1f0', 1, true);

do $$
begin
  if not exists (select from pg_catalog.pg_namespace where nspname = '_local') then
    raise notice 'seed.sql: no demo accounts outside the local backend (they have known passwords)';
    return;
  end if;

  -- The demo student: two course modules, two tools and one lesson open; one module hidden.
  insert into public.module_access (user_id, module_id, is_unlocked, is_visible) values
    ('a0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001', true, true),
    ('a0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002', true, true),
    ('a0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000006', false, false);

  insert into public.tool_access (user_id, tool_id, is_unlocked, is_visible) values
    ('a0000000-0000-4000-8000-000000000002', '70000000-0000-4000-8000-000000000001', true, true),
    ('a0000000-0000-4000-8000-000000000002', '70000000-0000-4000-8000-000000000003', true, true);

  insert into public.lesson_access (user_id, lesson_id, is_unlocked, is_visible) values
    ('a0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001', true, true),
    ('a0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000004', false, true),
    ('a0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000006', false, true);

  -- The demo student's progress: two lessons finished, the last one opened an hour ago.
  insert into public.lesson_progress (user_id, lesson_id, completed_at, last_opened_at) values
    ('a0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001', now() - interval '2 days', now() - interval '2 days'),
    ('a0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000001', now() - interval '1 day', now() - interval '1 day'),
    ('a0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000002', null, now() - interval '1 hour');

  -- A cohort: the demo student is in it; its grant opens «Первые продажи» a week from now.
  insert into public.groups (id, name) values ('f0000000-0000-4000-8000-000000000001', 'Поток: январь 2027');
  insert into public.group_members (group_id, user_id) values
    ('f0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002');
  insert into public.group_module_access (group_id, module_id, is_unlocked, unlock_at) values
    ('f0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000003', true, now() + interval '7 days');

  -- What the demo school sells (/courses): a place in the January cohort, paid through the ЮKassa
  -- stand-in (local-backend/yookassa).
  insert into public.offers (slug, title, description_md, price_kopecks, group_id, access_days, is_published) values
    ('potok-yanvar-2027', 'Поток: январь 2027',
     E'Учимся вместе с потоком: модули открываются по расписанию, задания проверяют кураторы.\n\nПервым откроется модуль «Первые продажи».',
     490000, 'f0000000-0000-4000-8000-000000000001', 90, true);
end
$$;
