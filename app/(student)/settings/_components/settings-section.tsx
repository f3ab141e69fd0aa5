import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** One block of the settings page: a titled card, a region named by its heading. */
export function SettingsSection({
  id,
  title,
  description,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  description?: React.ReactNode;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`} className={cn(danger && "border-destructive/40")}>
      <CardHeader>
        <CardTitle>
          <h2 id={`${id}-title`} className={cn("text-lg", danger && "text-destructive")}>
            {title}
          </h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}
