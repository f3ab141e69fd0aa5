export const SITE_NAME = "Школа IT-фаундеров";
export const SITE_DESCRIPTION =
  "Онлайн-школа для тех, кто хочет запустить свой IT-продукт без программирования: ИИ, no-code инструменты, первые продажи и клиенты.";

/** The public address for metadata, sitemap and robots.txt. */
export const DEFAULT_SITE_URL = "http://localhost:3000";
export const SITE_URL = process.env.NEXT_PUBLIC_SITE_URL ?? DEFAULT_SITE_URL;
