import type { Metadata } from "next";
import Link from "next/link";
import { ArrowRight, Lock } from "lucide-react";
import { ProgressBar } from "@/components/course/progress-bar";
import { PageHeader, PageShell } from "@/components/page-header";
import { AskForAccess } from "@/components/school-contact";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { visibleOnly, withAccess } from "@/lib/domain/access";
import { lockCauses, lockText } from "@/lib/domain/access-reasons";
import { NO_PROGRESS } from "@/lib/domain/progress";
import { courseModulePath } from "@/lib/domain/paths";
import { requireViewer } from "@/lib/preview";
import { getCourseModules } from "@/lib/queries/courses";
import { cn } from "@/lib/utils";

export const metadata: Metadata = { title: "Product Founder" };

export default async function ProductFounderPage() {
  const { modules, access, progress } = await getCourseModules(await requireViewer());
  const progressOf = (moduleId: string) => progress.find((row) => row.id === moduleId) ?? NO_PROGRESS;
  const shown = visibleOnly(withAccess(modules, access));
  const noneUnlocked = !shown.some((module) => module.is_unlocked);

  return (
    <PageShell>
      <PageHeader backHref="/dashboard" backLabel="К выбору трека" title="Product Founder" />
      {noneUnlocked && (
        <p role="status" className="rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm">
          Модули открываются по мере прохождения курса. <AskForAccess />
        </p>
      )}
      {shown.length === 0 ? (
        <p className="text-muted-foreground">Модули курса скоро появятся.</p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label="Модули курса">
          {shown.map((module, index) => {
            const card = (
              <Card
                className={cn("h-full", module.is_unlocked ? "transition-colors group-hover:border-primary" : "opacity-70")}
                aria-disabled={!module.is_unlocked || undefined}
              >
                <CardHeader>
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-sm font-medium text-primary">Модуль {index + 1}</span>
                    {module.is_unlocked ? (
                      <ArrowRight className="size-5 text-primary" aria-hidden />
                    ) : (
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
                  {!module.is_unlocked && <p className="text-sm font-medium">{lockText(lockCauses(module.record, { section: true }))}</p>}
                  {module.is_unlocked && <ProgressBar progress={progressOf(module.id)} className="mt-2" />}
                </CardHeader>
              </Card>
            );
            return (
              <li key={module.id}>
                {module.is_unlocked ? (
                  <Link
                    href={courseModulePath(module.id)}
                    className="group block rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {card}
                  </Link>
                ) : (
                  card
                )}
              </li>
            );
          })}
        </ol>
      )}
    </PageShell>
  );
}
