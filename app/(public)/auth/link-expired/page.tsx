import type { Metadata } from "next";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

export const metadata: Metadata = { title: "Ссылка устарела", robots: { index: false } };

export default function LinkExpiredPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>Ссылка недействительна или устарела</h1>
          </CardTitle>
          <CardDescription>
            Ссылка из письма работает один раз и недолго. Запросите новое письмо на странице входа.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            <Link href="/">На страницу входа</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
