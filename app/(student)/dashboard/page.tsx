import type { Metadata } from "next";
import Link from "next/link";
import { ArrowRight, Shield, Target, Wrench } from "lucide-react";
import { PageHeader, PageShell } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requireViewer } from "@/lib/preview";
import { getDashboard } from "@/lib/queries/dashboard";
import { AuthStateRefresher } from "./_components/auth-state-refresher";
import { SignOutButton } from "./_components/sign-out-button";

export const metadata: Metadata = { title: "Выбор трека" };

const TRACKS = [
  {
    href: "/product-founder",
    icon: Target,
    title: "Product Founder",
    description: "От идеи до первых продаж: цикл разработки, автоворонки, привлечение клиентов.",
  },
  {
    href: "/tech-founder",
    icon: Wrench,
    title: "Tech Founder",
    description: "No-code инструменты и ИИ: прототипы, приложения и автоматизации без программиста.",
  },
];

export default async function DashboardPage() {
  const { studentId, preview } = await requireViewer();
  const { isAdmin, fullName } = await getDashboard(studentId);
  return (
    <PageShell>
      <AuthStateRefresher />
      <PageHeader title={fullName ? `Здравствуйте, ${fullName}!` : "Выберите трек"}>
        {isAdmin && (
          <Button asChild variant="outline">
            <Link href="/admin">
              <Shield aria-hidden />
              Панель администратора
            </Link>
          </Button>
        )}
        {!preview && <SignOutButton />}
      </PageHeader>
      <p className="text-muted-foreground">Выберите трек обучения:</p>
      <nav aria-label="Треки обучения" className="grid gap-4 sm:grid-cols-2">
        {TRACKS.map(({ href, icon: Icon, title, description }) => (
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
              </CardHeader>
            </Card>
          </Link>
        ))}
      </nav>
    </PageShell>
  );
}
