import { Badge } from "@/components/ui/badge";

export function DraftBadge() {
  return (
    <Badge variant="outline" className="border-amber-400 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
      Черновик
    </Badge>
  );
}
