import type { Metadata } from "next";
import Link from "next/link";
import { ArrowRight, PlayCircle, Shield, Target, Wrench } from "lucide-react";
import { ProgressBar } from "@/components/course/progress-bar";
import { PageHeader, PageShell } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requireViewer } from "@/lib/preview";
import { courseModulePath, lessonPath } from "@/lib/domain/paths";
import { getDashboard } from "@/lib/queries/courses";
import { ArrivalToast } from "@/components/arrival-toast";
import { AuthStateRefresher } from "./_components/auth-state-refresher";
import { HomeworkWaiting } from "./_components/homework-waiting";
import { ReviewsWaiting } from "./_components/reviews-waiting";
import { SignOutButton } from "./_components/sign-out-button";

export const metadata: Metadata = { title: "Выбор трека" };

const TRACKS = [
  {
    key: "product_founder",
    href: "/product-founder",
    icon: Target,
    title: "Product Founder",
    description: "От идеи до первых продаж: цикл разработки, автоворонки, привлечение клиентов.",
  },
  {
    key: "tech_founder",
    href: "/tech-founder",
    icon: Wrench,
    title: "Tech Founder",
    description: "No-code инструменты и ИИ: прототипы, приложения и автоматизации без программиста.",
  },
] as const;

export default async function DashboardPage() {
  const viewer = await requireViewer();
  const dashboard = await getDashboard(viewer);
  const fullName = dashboard.profile?.full_name;
  const resume = dashboard.continue;
  return (
    <PageShell>
      <AuthStateRefresher />
      <ArrivalToast />
      <PageHeader title={fullName ? `Здравствуйте, ${fullName}!` : "Выберите трек"}>
        {dashboard.profile?.role === "admin" && (
          <Button asChild variant="outline">
            <Link href="/admin">
              <Shield aria-hidden />
              Панель администратора
            </Link>
          </Button>
        )}
        {viewer.user.role === "curator" && (
          <Button asChild variant="outline">
            <Link href="/admin/reviews">
              <Shield aria-hidden />
              Проверка работ
            </Link>
          </Button>
        )}
        {!viewer.preview && <SignOutButton />}
      </PageHeader>
      {resume && (
        <Link
          href={resume.tool_name ? lessonPath(resume.tool_name, resume.id) : `${courseModulePath(resume.course_module_id!)}/${resume.id}`}
          className="group flex items-center gap-4 rounded-xl border border-primary/40 bg-primary/5 p-4 outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <PlayCircle className="size-8 shrink-0 text-primary" aria-hidden />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="text-sm font-medium text-primary">Продолжить</span>
            <span className="font-semibold">{resume.title}</span>
            <span className="text-sm text-muted-foreground">{resume.tool_name ?? resume.course_module_title}</span>
          </span>
          <ArrowRight className="size-5 shrink-0 transition-transform group-hover:translate-x-1" aria-hidden />
        </Link>
      )}
      {dashboard.waitingReviews !== null && <ReviewsWaiting count={dashboard.waitingReviews} />}
      {dashboard.homework && <HomeworkWaiting summary={dashboard.homework} />}
      <p className="text-muted-foreground">Выберите трек обучения:</p>
      <nav aria-label="Треки обучения" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {TRACKS.map(({ key, href, icon: Icon, title, description }) => (
          <Link
            key={href}
            href={href}
            className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Card className="h-full transition-colors group-hover:border-primary">
              <CardHeader>
                <Icon className="mb-2 size-8 text-primary" aria-hidden />
                <CardTitle className="flex items-center justify-between text-xl">
                  <h2>{title}</h2>
                  <ArrowRight className="size-5 transition-transform group-hover:translate-x-1" aria-hidden />
                </CardTitle>
                <CardDescription>{description}</CardDescription>
                <ProgressBar progress={dashboard[key]} className="mt-2" />
              </CardHeader>
            </Card>
          </Link>
        ))}
      </nav>
    </PageShell>
  );
}
