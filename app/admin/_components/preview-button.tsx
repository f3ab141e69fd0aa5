"use client";

import { useTransition } from "react";
import { Eye, Loader2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { startPreview } from "../actions";

/** Opens the student pages as this student sees them (the server action redirects on success). */
export function PreviewButton({ studentId }: { studentId: string }) {
  const [pending, startTransition] = useTransition();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-busy={pending}
      onClick={() =>
        startTransition(async () => {
          const result = await startPreview(studentId);
          if (!result.ok) toast.error(result.error);
        })
      }
    >
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Eye aria-hidden />}
      Смотреть как студент
    </Button>
  );
}
