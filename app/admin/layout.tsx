import { requireAdmin } from "@/lib/auth";

/**
 * The admin area, for admins only (a student goes to /dashboard, a visitor to /). The proxy turns
 * them away first; each page and every action checks again, as a layout does not protect an
 * action and is not rendered again on every navigation.
 */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requireAdmin();
  return children;
}
