"use client";

import { useRouter } from "next/navigation";
import { Eye } from "lucide-react";
import { toast } from "@/components/client-loading/toast";
import { orNoConnection } from "@/components/form-toasts";
import { SubmitButton } from "@/components/ui/submit-button";
import { startPreview } from "../actions";

/**
 * Opens the student pages as this student sees them. A form with a function action: a press before
 * the page's script is held by React and made once it hydrates (components/forms/submit-guard.ts).
 */
export function PreviewButton({ studentId }: { studentId: string }) {
  const router = useRouter();
  const open = async () => {
    const result = await orNoConnection(startPreview(studentId));
    if (result.ok) router.push("/dashboard");
    else toast.error(result.error);
  };
  return (
    <form action={open}>
      <SubmitButton variant="outline" size="sm">
        <Eye aria-hidden />
        Смотреть как студент
      </SubmitButton>
    </form>
  );
}
