import { Badge } from "@/components/ui/badge";

export function DraftBadge() {
  return (
    <Badge variant="draft">
      Черновик
    </Badge>
  );
}
