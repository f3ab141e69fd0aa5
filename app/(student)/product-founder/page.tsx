import type { Metadata } from "next";
import Link from "next/link";
import { ArrowRight, Lock } from "lucide-react";
import { ProgressBar } from "@/components/course/progress-bar";
import { PageHeader, PageShell } from "@/components/page-header";
import { AskForAccess } from "@/components/school-contact";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { shownItems } from "@/lib/domain/access";
import { lockCauses, lockText } from "@/lib/domain/access-reasons";
import { NO_PROGRESS } from "@/lib/domain/progress";
import { courseModulePath } from "@/lib/domain/paths";
import { requireViewer } from "@/lib/preview";
import { getCourseModules } from "@/lib/queries/courses";
import { cn } from "@/lib/utils";

export const metadata: Metadata = { title: "Product Founder" };

export default async function ProductFounderPage() {
  const { modules, verdicts, progress } = await getCourseModules(await requireViewer());
  const progressOf = (moduleId: string) => progress.find((row) => row.id === moduleId) ?? NO_PROGRESS;
  const shown = shownItems(modules, verdicts);
  const noneUnlocked = !shown.some((module) => module.verdict.is_open);

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
                className={cn("h-full", module.verdict.is_open ? "transition-colors group-hover:border-primary" : "opacity-70")}
                aria-disabled={!module.verdict.is_open || undefined}
              >
                <CardHeader>
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-sm font-medium text-primary">Модуль {index + 1}</span>
                    {module.verdict.is_open ? (
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
                  {!module.verdict.is_open && <p className="text-sm font-medium">{lockText(lockCauses(module.verdict))}</p>}
                  {module.verdict.is_open && <ProgressBar progress={progressOf(module.id)} className="mt-2" />}
                </CardHeader>
              </Card>
            );
            return (
              <li key={module.id}>
                {module.verdict.is_open ? (
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
