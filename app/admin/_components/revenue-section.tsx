import { formatSum } from "@/lib/payments/money";
import { REVENUE_DAYS } from "@/lib/queries/revenue-days";

/** «Выручка за 30 дней»: the total, and each day something was paid or returned (Moscow days). */
export function RevenueSection({ days }: { days: { day: string; orders: number; paid_kopecks: number; refunded_kopecks: number }[] }) {
  const active = days.filter((day) => day.orders > 0 || day.refunded_kopecks > 0).reverse();
  const paid = days.reduce((sum, day) => sum + day.paid_kopecks, 0);
  const refunded = days.reduce((sum, day) => sum + day.refunded_kopecks, 0);
  return (
    <section aria-labelledby="revenue-title" className="flex flex-col gap-3 rounded-xl border p-4">
      <h2 id="revenue-title" className="text-lg font-semibold">
        Выручка за {REVENUE_DAYS} дней: {formatSum(paid - refunded)}
      </h2>
      <p className="text-sm text-muted-foreground">
        Оплачено {formatSum(paid)}, возвращено {formatSum(refunded)}
      </p>
      {active.length > 0 && (
        <table className="w-full text-sm">
          <caption className="sr-only">Выручка по дням</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">День</th>
              <th scope="col" className="py-1 font-medium">Оплачено заказов</th>
              <th scope="col" className="py-1 font-medium">Оплачено</th>
              <th scope="col" className="py-1 font-medium">Возвращено</th>
            </tr>
          </thead>
          <tbody>
            {active.map((day) => (
              <tr key={day.day} className="border-t">
                <td className="py-1">{day.day.split("-").reverse().join(".")}</td>
                <td className="py-1">{day.orders}</td>
                <td className="py-1">{formatSum(day.paid_kopecks)}</td>
                <td className="py-1">{formatSum(day.refunded_kopecks)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
