import { admits } from "@/lib/actions/roles";
import { getSession } from "@/lib/auth";
import { toCsv } from "@/lib/domain/analytics";
import { ordersTable } from "@/lib/domain/order-admin";
import { getAllOrders } from "@/lib/queries/orders";
import { parseOrderFilters } from "@/lib/validation/orders";

/** «Скачать CSV» of the orders, with the page's filters. A GET: a link that downloads, nothing is written. */
export async function GET(request: Request) {
  const session = await getSession();
  if (session.kind !== "user" || !admits("admin", session.user.role)) {
    return new Response("Недостаточно прав", { status: 403, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  }
  const filters = parseOrderFilters(Object.fromEntries(new URL(request.url).searchParams));
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
  return new Response(toCsv(ordersTable(await getAllOrders(filters))), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="orders-${filters.status ?? "all"}-${day}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
