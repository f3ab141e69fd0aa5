import { AccountBar } from "@/components/account-bar";
import { admits } from "@/lib/actions/roles";
import { requireReviewer } from "@/lib/auth";
import { getUnreadCount } from "@/lib/queries/notifications";
import { AdminNav, type AdminNavLink } from "./_components/admin-nav";

const REVIEWS: AdminNavLink = { href: "/admin/reviews", label: "Проверка работ" };
const ANALYTICS: AdminNavLink = { href: "/admin/analytics", label: "Аналитика" };
const ADMIN_LINKS: AdminNavLink[] = [
  { href: "/admin", label: "Студенты" },
  { href: "/admin/groups", label: "Группы" },
  { href: "/admin/offers", label: "Курсы в продаже" },
  { href: "/admin/orders", label: "Заказы" },
  { href: "/admin/promo-codes", label: "Промокоды" },
  { href: "/admin/content", label: "Контент курса" },
  { href: "/admin/certificates", label: "Сертификаты" },
  REVIEWS,
  ANALYTICS,
  { href: "/admin/notifications", label: "Уведомления" },
  { href: "/admin/health", label: "Состояние школы" },
];

/**
 * The admin area's frame, for staff: an admin sees every section, a curator the review and analytics
 * pages (a student goes to /dashboard, a visitor to /). The proxy turns others away first; each
 * page checks its own level again (every page but the review pages is the admin's), as a layout
 * does not protect an action and is not rendered again on every navigation.
 */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const user = await requireReviewer();
  return (
    <>
      <AccountBar wide unread={getUnreadCount().catch(() => null)} />
      <AdminNav links={admits("admin", user.role) ? ADMIN_LINKS : [REVIEWS, ANALYTICS]} />
      {children}
    </>
  );
}
