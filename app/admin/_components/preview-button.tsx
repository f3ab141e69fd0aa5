"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { Eye, Loader2 } from "lucide-react";
import { toast } from "@/components/client-loading/toast";
import { NO_CONNECTION } from "@/components/form-toasts";
import { Button } from "@/components/ui/button";
import { startPreview } from "../actions";

/** Opens the student pages as this student sees them. */
export function PreviewButton({ studentId }: { studentId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      variant="outline"
      size="sm"
      aria-busy={pending}
      onClick={() =>
        startTransition(async () => {
          const result = await startPreview(studentId).catch(() => ({ ok: false as const, error: NO_CONNECTION }));
          if (result.ok) router.push("/dashboard");
          else toast.error(result.error);
        })
      }
    >
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Eye aria-hidden />}
      Смотреть как студент
    </Button>
  );
}
