/**
 * The ЮKassa stand-in's one shop (local-backend/yookassa): fixed, public demo credentials for
 * `npm run dev` and the tests. The app reads them as YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY with
 * YOOKASSA_API_URL pointing at the stand-in; a real shop's id and key go with the real API instead.
 */
export const YOOKASSA_DEMO_SHOP_ID = "demo-shop";
export const YOOKASSA_DEMO_SECRET_KEY = "test_demo-school-local-stand-in-key";
