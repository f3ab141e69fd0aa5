"use client";

import { createContext, use, useState, useTransition, type ComponentProps, type MouseEvent } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";

/**
 * Which student the admin is switching to while their data loads. Until it arrives, the panel
 * still shows the previous student and must not send writes for them (see AccessPanel).
 */
const SelectionContext = createContext<{ loadingStudentId: string | null; select: (href: string, studentId: string) => void }>({
  loadingStudentId: null,
  select: () => {},
});

export function SelectionProvider({ children }: { children: React.ReactNode }) {
  const router = useRouter();
  const [target, setTarget] = useState<string | null>(null);
  const [loading, startTransition] = useTransition();
  const select = (href: string, studentId: string) => {
    setTarget(studentId);
    // The transition lasts until the new student's page has rendered.
    startTransition(() => router.push(href));
  };
  return <SelectionContext value={{ loadingStudentId: loading ? target : null, select }}>{children}</SelectionContext>;
}

/** True while another student than `studentId` is being opened. */
export function useSwitchingAwayFrom(studentId: string): boolean {
  const { loadingStudentId } = use(SelectionContext);
  return loadingStudentId !== null && loadingStudentId !== studentId;
}

const opensInPlace = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** A link to a student that tells the panel a switch is under way (new tabs and windows open as usual). */
export function StudentLink({ studentId, href, ...props }: ComponentProps<typeof Link> & { studentId: string; href: string }) {
  const { select } = use(SelectionContext);
  return (
    <Link
      href={href}
      onClick={(event) => {
        if (!opensInPlace(event)) return;
        event.preventDefault();
        select(href, studentId);
      }}
      {...props}
    />
  );
}
