import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

interface AuthCardPageProps {
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
}

/** The centred one-card page of the auth flows (confirm, code, new password, link problems). */
export function AuthCardPage({ title, description, children }: AuthCardPageProps) {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
      </Card>
    </main>
  );
}
