import { z } from "zod";
import type { Database } from "@/lib/database.types";
import { formatRubles } from "@/lib/payments/money";
import { certificateSubject } from "./certificates";
import { formatMoscowShort } from "./dates";
import { shorten } from "./excerpt";
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
  "payment_received",
  "new_sale",
  "refund_made",
  "order_unpaid",
  "certificate_issued",
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

/** What a decision's notification says of the work (migration 2000): its attempt and the curator's comment. */
const decisionSchema = z.object({
  submission_id: z.string().optional().catch(undefined),
  comment_id: z.string().optional().catch(undefined),
  comment: z.string().optional().catch(undefined),
});

/** The unpaid order's reminder (migration 20261128008800). */
const unpaidSchema = z.object({ order_number: z.number().int(), title: z.string(), slug: z.string() });

/** A new certificate (migration 20261128009510). */
const certificateSchema = z.object({ code: z.string(), kind: z.string(), title: z.string() });

/** What selling's notifications say of an order (migration 20261128008500). */
const orderSchema = z.object({
  order_number: z.number().int(),
  title: z.string(),
  amount_kopecks: z.number().int().nonnegative(),
  access_until: z.string().nullish(),
  buyer_email: z.string().optional(),
  full: z.boolean().optional(),
});

const itemsSchema = z.object({ items: z.array(itemSchema).min(1) });
const countSchema = z.object({ count: z.number().int().positive() });

export interface NotificationText {
  title: string;
  text: string;
  /** A same-site path to what the notification is about. */
  path: string;
  /** Someone's own words the notification is about (a curator's comment), shortened. */
  quote?: string;
}

/** Where on a lesson page its homework, an attempt and a comment are (the ids of their elements). */
export const HOMEWORK_ANCHOR = "homework";
export const attemptAnchor = (submissionId: string) => `attempt-${submissionId}`;
export const commentAnchor = (commentId: string) => `comment-${commentId}`;

export const QUOTE_MAX = 280;
/** What a quote in a notification is, where the channel shows it apart: only a curator's comment is quoted. */
export const QUOTE_LABEL = "Комментарий куратора";

/**
 * A comment as a notification quotes it: Markdown's marks dropped (links keep their words), one
 * line, and at most `max` characters, cut at a word's end where one is near, with «…».
 */
export function quoteOf(markdown: string, max = QUOTE_MAX): string {
  const plain = markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, "")
    .replace(/(\*\*|__|~~|`+)/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= max) return plain;
  const cut = shorten(plain, max).slice(0, -1);
  const lastSpace = cut.lastIndexOf(" ");
  const kept = lastSpace >= max * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${kept.replace(/[\s,.;:!?—-]+$/u, "")}…`;
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
      const work = decisionSchema.safeParse(payload ?? {});
      const { submission_id, comment_id, comment } = work.success ? work.data : {};
      const page = !lesson.success
        ? null
        : lesson.data.tool_name
          ? lessonPath(lesson.data.tool_name, lesson.data.lesson_id)
          : lesson.data.module_id
            ? `${courseModulePath(lesson.data.module_id)}/${lesson.data.lesson_id}`
            : null;
      // The curator's comment on the lesson page, else the attempt, else the homework section.
      const anchor = comment_id ? commentAnchor(comment_id) : submission_id ? attemptAnchor(submission_id) : HOMEWORK_ANCHOR;
      const path = page ? `${page}#${anchor}` : "/dashboard";
      const quote = comment?.trim() ? quoteOf(comment) : undefined;
      const about = lesson.success ? ` к уроку ${quoted(lesson.data.lesson_title)}` : "";
      return kind === "homework_returned"
        ? {
            title: "Работа вернулась на доработку",
            text: `Куратор прокомментировал ваше домашнее задание${about}. Посмотрите комментарий и отправьте работу снова.`,
            path,
            quote,
          }
        : // No promise of the next lesson: a date or another stop-lesson may still hold it (the lesson list says which).
          { title: "Работа принята", text: `Домашнее задание${about} принято.`, path, quote };
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
    case "payment_received":
    case "new_sale":
    case "refund_made":
      return describeOrderNotification(kind, payload);
    case "order_unpaid": {
      const parsed = unpaidSchema.safeParse(payload);
      if (!parsed.success) return { title: "Заказ ждёт оплаты", text: "Курс ещё не оплачен.", path: "/courses" };
      const { order_number, title, slug } = parsed.data;
      return {
        title: `Заказ №${order_number} ждёт оплаты`,
        text: `Курс «${title}» ещё не оплачен. Вернуться к оплате можно в любой момент.`,
        path: `/courses/${encodeURIComponent(slug)}/checkout`,
      };
    }
    case "certificate_issued": {
      const parsed = certificateSchema.safeParse(payload);
      if (!parsed.success) return { title: "Выдан сертификат", text: "Поздравляем! Сертификат — в разделе «Сертификаты».", path: "/certificates" };
      const { code, kind, title } = parsed.data;
      return {
        title: "Выдан сертификат",
        text: `Поздравляем! Вы завершили ${certificateSubject(kind, title)}. Сертификат ${code} можно скачать и показать по ссылке.`,
        path: "/certificates",
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

function describeOrderNotification(kind: "payment_received" | "new_sale" | "refund_made", payload: unknown): NotificationText {
  const parsed = orderSchema.safeParse(payload);
  if (!parsed.success) {
    const title = kind === "payment_received" ? "Оплата получена" : kind === "new_sale" ? "Новая продажа" : "Возврат оформлен";
    return { title, text: "Подробности — в заказе.", path: kind === "new_sale" ? "/admin/orders" : "/dashboard" };
  }
  const order = parsed.data;
  const price = formatRubles(order.amount_kopecks);
  if (kind === "payment_received") {
    const until = order.access_until ? ` до ${formatMoscowShort(order.access_until)}` : "";
    return { title: "Оплата получена", text: `Заказ №${order.order_number}: «${order.title}» открыт${until}. Можно начинать.`, path: "/dashboard" };
  }
  if (kind === "new_sale") {
    const buyer = order.buyer_email ? `, покупатель ${order.buyer_email}` : "";
    return { title: "Новая продажа", text: `«${order.title}» за ${price}${buyer}, заказ №${order.order_number}.`, path: "/admin/orders" };
  }
  return {
    title: "Возврат оформлен",
    text: `По заказу №${order.order_number} «${order.title}» возвращено ${price}.${order.full ? " Доступ к курсу по этому заказу закрыт." : ""}`,
    path: "/dashboard",
  };
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
