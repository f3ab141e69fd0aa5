import { z } from "zod";
import type { Database } from "@/lib/database.types";
import { courseModulePath, lessonPath, toolPath } from "./paths";
import { pluralRu } from "./plural";

/**
 * What each notification says, the same in the app, the e-mail and Telegram. The database writes
 * the events (migration 1200); this reads their payloads, which it never trusts blindly: a payload
 * of an unexpected shape still gives a sensible text and a link to the dashboard.
 */

export type NotificationKind = Database["public"]["Enums"]["notification_kind"];
export type NotificationChannel = Database["public"]["Enums"]["notification_channel"];

export const NOTIFICATION_KINDS = [
  "welcome",
  "homework_returned",
  "homework_accepted",
  "review_waiting",
  "access_opened",
  "item_unlocked",
] as const satisfies readonly NotificationKind[];

export const NOTIFICATION_CHANNELS = ["email", "telegram"] as const satisfies readonly NotificationChannel[];

/** The kinds a person chooses channels for, in the order the settings list them, with who gets them. */
export const CONFIGURABLE_KINDS = [
  { kind: "homework_returned", label: "Работа вернулась на доработку", audience: "student" },
  { kind: "homework_accepted", label: "Работа принята", audience: "student" },
  { kind: "access_opened", label: "Вам открыли доступ к материалам", audience: "student" },
  { kind: "item_unlocked", label: "Открылся новый модуль или урок", audience: "student" },
  { kind: "review_waiting", label: "Новые работы на проверку (раз в час)", audience: "reviewer" },
] as const satisfies readonly { kind: NotificationKind; label: string; audience: "student" | "reviewer" }[];

export const CHANNEL_LABELS: Record<NotificationChannel, string> = { email: "E-mail", telegram: "Telegram" };

const itemSchema = z.object({
  kind: z.enum(["tool", "module", "lesson"]),
  id: z.string(),
  title: z.string(),
  tool_name: z.string().optional(),
  module_id: z.string().optional(),
});
type OpenedItem = z.infer<typeof itemSchema>;

const lessonSchema = z.object({
  lesson_id: z.string(),
  lesson_title: z.string(),
  tool_name: z.string().nullish(),
  module_id: z.string().nullish(),
});

const itemsSchema = z.object({ items: z.array(itemSchema).min(1) });
const countSchema = z.object({ count: z.number().int().positive() });

export interface NotificationText {
  title: string;
  text: string;
  /** A same-site path to what the notification is about. */
  path: string;
}

function itemPath(item: OpenedItem): string {
  if (item.kind === "tool") return toolPath(item.tool_name ?? item.title);
  if (item.kind === "module") return courseModulePath(item.id);
  if (item.tool_name) return lessonPath(item.tool_name, item.id);
  return item.module_id ? `${courseModulePath(item.module_id)}/${item.id}` : "/dashboard";
}

const quoted = (title: string) => `«${title}»`;

/** «Lovable», «Cursor» и ещё 3. */
export function listTitles(titles: string[], shown = 3): string {
  const head = titles.slice(0, shown).map(quoted).join(", ");
  const rest = titles.length - shown;
  return rest > 0 ? `${head} и ещё ${rest}` : head;
}

const ITEM_NOUNS = { tool: "инструмент", module: "модуль", lesson: "урок" } as const;

function unlockedTitle(items: OpenedItem[]): string {
  const kinds = new Set(items.map((item) => item.kind));
  if (items.length === 1 || kinds.size > 1) {
    return items.length === 1 ? `Открылся новый ${ITEM_NOUNS[items[0].kind]}` : "Открылись новые материалы";
  }
  const many = { tool: "инструменты", module: "модули", lesson: "уроки" } as const;
  return `Открылись новые ${many[items[0].kind]}`;
}

export function describeNotification(kind: NotificationKind, payload: unknown): NotificationText {
  switch (kind) {
    case "welcome":
      return {
        title: "Добро пожаловать в Школу IT-фаундеров!",
        text: "Выберите трек — Product Founder или Tech Founder — и начните с первого урока.",
        path: "/dashboard",
      };
    case "homework_returned":
    case "homework_accepted": {
      const lesson = lessonSchema.safeParse(payload);
      const path = !lesson.success
        ? "/dashboard"
        : lesson.data.tool_name
          ? lessonPath(lesson.data.tool_name, lesson.data.lesson_id)
          : lesson.data.module_id
            ? `${courseModulePath(lesson.data.module_id)}/${lesson.data.lesson_id}`
            : "/dashboard";
      const about = lesson.success ? ` к уроку ${quoted(lesson.data.lesson_title)}` : "";
      return kind === "homework_returned"
        ? { title: "Работа вернулась на доработку", text: `Куратор прокомментировал ваше домашнее задание${about}. Посмотрите комментарий и отправьте работу снова.`, path }
        : { title: "Работа принята", text: `Домашнее задание${about} принято. Можно идти дальше!`, path };
    }
    case "review_waiting": {
      const parsed = countSchema.safeParse(payload);
      const count = parsed.success ? parsed.data.count : 1;
      return {
        title: "Новые работы на проверку",
        text: `${pluralRu(count, { one: "новая работа ждёт", few: "новые работы ждут", many: "новых работ ждут" })} проверки.`,
        path: "/admin/reviews",
      };
    }
    case "access_opened":
    case "item_unlocked": {
      const parsed = itemsSchema.safeParse(payload);
      if (!parsed.success) {
        return { title: kind === "access_opened" ? "Вам открыли доступ" : "Открылись новые материалы", text: "Загляните в свои треки.", path: "/dashboard" };
      }
      const items = parsed.data.items;
      const titles = listTitles(items.map((item) => item.title));
      return kind === "access_opened"
        ? { title: "Вам открыли доступ", text: `Теперь доступно: ${titles}.`, path: itemPath(items[0]) }
        : { title: unlockedTitle(items), text: `Уже можно заниматься: ${titles}.`, path: itemPath(items[0]) };
    }
  }
}

const DELIVERY_ERRORS: [RegExp, string | ((match: RegExpMatchArray) => string)][] = [
  [/not configured/i, "Канал не настроен на сервере"],
  [/blocked by the user/i, "Получатель заблокировал бота в Telegram"],
  [/user is deactivated/i, "Аккаунт Telegram получателя удалён"],
  [/chat not found/i, "Чат Telegram не найден"],
  [/\b429\b|too many requests/i, "Канал просит подождать: слишком много сообщений"],
  [/ECONN|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ESOCKET|timeout|network/i, "Канал недоступен: нет связи"],
  [/\b(5\d\d)\b/, (match) => `Почтовый сервер или канал отказал окончательно (код ${match[1]})`],
  [/\b(4\d\d)\b/, (match) => `Канал временно отказал (код ${match[1]})`],
];

/** A channel's answer (SMTP's, Telegram's, in their own English) as the admin reads it. */
export function describeDeliveryError(error: string | null): string | null {
  if (!error) return null;
  for (const [pattern, text] of DELIVERY_ERRORS) {
    const match = error.match(pattern);
    if (match) return typeof text === "string" ? text : text(match);
  }
  return "Канал ответил неизвестной ошибкой";
}
