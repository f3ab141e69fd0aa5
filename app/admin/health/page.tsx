import type { Metadata } from "next";
import Link from "next/link";
import { RotateCw } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { requireAdmin } from "@/lib/auth";
import { formatMoscowTime } from "@/lib/domain/dates";
import { pluralRu } from "@/lib/domain/plural";
import { getSchoolHealth } from "@/lib/health/school-health";
import { HealthList } from "./_components/health-list";

export const metadata: Metadata = { title: "Состояние школы", robots: { index: false } };

export default async function SchoolHealthPage() {
  await requireAdmin();
  const { results, checkedAt } = await getSchoolHealth();
  const failures = results.filter((result) => result.status === "fail").length;
  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/admin" backLabel="К панели администратора" title="Состояние школы">
        <Button asChild variant="outline">
          <Link href="/admin/health" prefetch={false}>
            <RotateCw aria-hidden />
            Проверить снова
          </Link>
        </Button>
      </PageHeader>
      <p className="text-muted-foreground">
        Права базы данных, рассылка уведомлений, почта, Telegram и планировщик — так, как их видит работающий сайт. Ключи, хук
        согласия, код и адреса в письмах Supabase проверяет команда <code className="font-mono text-sm">npm run doctor</code>: она
        создаёт пробных пользователей, поэтому здесь не запускается.
      </p>
      <p role="status" className={failures ? "font-medium text-destructive" : "font-medium"}>
        {failures ? `Есть ошибки: ${pluralRu(failures, { one: "проверка", few: "проверки", many: "проверок" })} не прошли.` : "Ошибок нет."}{" "}
        <span className="font-normal text-muted-foreground">Проверено {formatMoscowTime(checkedAt)}.</span>
      </p>
      <HealthList results={results} />
    </main>
  );
}
