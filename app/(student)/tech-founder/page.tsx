import type { Metadata } from "next";
import Link from "next/link";
import { ArrowRight } from "lucide-react";
import { ProgressBar } from "@/components/course/progress-bar";
import { PageHeader, PageShell } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { shownItems } from "@/lib/domain/access";
import { lockCauses, lockText } from "@/lib/domain/access-reasons";
import { NO_PROGRESS } from "@/lib/domain/progress";
import { toolPath } from "@/lib/domain/paths";
import { requireViewer } from "@/lib/preview";
import { getTools } from "@/lib/queries/courses";

export const metadata: Metadata = { title: "Tech Founder" };

export default async function TechFounderPage() {
  const { tools, verdicts, progress } = await getTools(await requireViewer());
  const progressOf = (toolId: string) => progress.find((row) => row.id === toolId) ?? NO_PROGRESS;
  const shown = shownItems(tools, verdicts);

  return (
    <PageShell>
      <PageHeader backHref="/dashboard" backLabel="К выбору трека" title="Tech Founder" />
      <p className="text-muted-foreground">No-code инструменты и ИИ для запуска продукта без программиста.</p>
      {shown.length === 0 ? (
        <p className="text-muted-foreground">Инструменты скоро появятся.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Инструменты">
          {shown.map((tool) => {
            const card = (
              <Card className="h-full">
                <CardHeader>
                  <div className="flex items-center justify-between gap-2">
                    <CardTitle className="text-lg">
                      <h2>{tool.name}</h2>
                    </CardTitle>
                    {tool.verdict.is_open ? (
                      <ArrowRight className="size-5 text-primary" aria-hidden />
                    ) : (
                      <Badge variant="secondary">Скоро</Badge>
                    )}
                  </div>
                  {tool.description && <CardDescription>{tool.description}</CardDescription>}
                  {!tool.verdict.is_open && <p className="text-sm font-medium">{lockText(lockCauses(tool.verdict))}</p>}
                  {tool.verdict.is_open && <ProgressBar progress={progressOf(tool.id)} className="mt-2" />}
                </CardHeader>
              </Card>
            );
            return (
              <li key={tool.id} data-testid="tool-card">
                {tool.verdict.is_open ? (
                  <Link
                    href={toolPath(tool.name)}
                    className="block h-full rounded-xl outline-none transition-colors hover:[&>*]:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {card}
                  </Link>
                ) : (
                  <div aria-disabled="true" className="h-full cursor-not-allowed opacity-70">
                    {card}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </PageShell>
  );
}
