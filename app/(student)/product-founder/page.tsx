import type { Metadata } from "next";
import { Lock } from "lucide-react";
import { PageHeader, PageShell } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requireUser } from "@/lib/auth";
import { visibleOnly, withAccess } from "@/lib/domain/access";
import { getCourseModules } from "@/lib/queries/courses";
import { cn } from "@/lib/utils";

export const metadata: Metadata = { title: "Product Founder" };

export default async function ProductFounderPage() {
  const user = await requireUser();
  const { modules, access } = await getCourseModules(user.id);
  const shown = visibleOnly(withAccess(modules, access));
  const noneUnlocked = !shown.some((module) => module.is_unlocked);

  return (
    <PageShell>
      <PageHeader backHref="/dashboard" backLabel="К выбору трека" title="Product Founder" />
      {noneUnlocked && (
        <p role="status" className="rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm">
          Модули открываются по мере прохождения курса. Чтобы получить доступ, свяжитесь с администратором.
        </p>
      )}
      {shown.length === 0 ? (
        <p className="text-muted-foreground">Модули курса скоро появятся.</p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Модули курса">
          {shown.map((module, index) => (
            <li key={module.id}>
              <Card className={cn(!module.is_unlocked && "opacity-70")} aria-disabled={!module.is_unlocked || undefined}>
                <CardHeader>
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-sm font-medium text-primary">Модуль {index + 1}</span>
                    {!module.is_unlocked && (
                      <Badge variant="secondary">
                        <Lock aria-hidden />
                        Закрыто
                      </Badge>
                    )}
                  </div>
                  <CardTitle className="text-lg">
                    <h2>{module.title}</h2>
                  </CardTitle>
                  {module.description && <CardDescription>{module.description}</CardDescription>}
                </CardHeader>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </PageShell>
  );
}
