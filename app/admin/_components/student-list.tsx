import Link from "next/link";
import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { pageSummary } from "@/lib/domain/pagination";
import { STUDENTS_PER_PAGE, type StudentSummary } from "@/lib/queries/admin";
import { cn } from "@/lib/utils";
import { StudentLink } from "./selection";

function adminHref({ student, search, page }: { student: string | null; search: string; page: number }) {
  const params = new URLSearchParams();
  if (student) params.set("student", student);
  if (search) params.set("q", search);
  if (page > 1) params.set("page", String(page));
  return `/admin?${params}`;
}

export function StudentList({
  students,
  total,
  page,
  selectedId,
  search,
}: {
  students: StudentSummary[];
  /** Null when the page is past the end of the list. */
  total: number | null;
  page: number;
  selectedId: string | null;
  search: string;
}) {
  const summary = total === null ? null : pageSummary(page, STUDENTS_PER_PAGE, students.length, total);
  return (
    <aside className="flex flex-col gap-3" aria-label="Студенты">
      <h2 className="text-lg font-semibold">Студенты</h2>
      <form action="/admin" className="flex gap-2" role="search">
        {selectedId && <input type="hidden" name="student" value={selectedId} />}
        <Input name="q" type="search" defaultValue={search} placeholder="Имя или email" aria-label="Поиск студентов" />
        <Button type="submit" variant="outline" size="icon" aria-label="Найти">
          <Search aria-hidden />
        </Button>
      </form>
      {total === null ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          На этой странице никого нет. <Link href={adminHref({ student: selectedId, search, page: 1 })} className="underline">К первой странице</Link>
        </p>
      ) : students.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          {search ? "Никого не нашли" : "Нет зарегистрированных студентов"}
        </p>
      ) : (
        <ul className="flex max-h-[70vh] flex-col gap-1 overflow-y-auto">
          {students.map((student) => (
            <li key={student.id}>
              <StudentLink
                studentId={student.id}
                href={adminHref({ student: student.id, search, page })}
                aria-current={student.id === selectedId ? "page" : undefined}
                className={cn(
                  "flex flex-col rounded-lg border border-transparent px-3 py-2 outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  student.id === selectedId && "border-primary bg-primary/5",
                )}
              >
                <span className="font-medium">{student.full_name || "Без имени"}</span>
                <span className="truncate text-sm text-muted-foreground">{student.email}</span>
              </StudentLink>
            </li>
          ))}
        </ul>
      )}
      {summary && total !== 0 && (
        <nav aria-label="Страницы списка студентов" className="flex items-center justify-between gap-2 text-sm">
          <PageLink href={adminHref({ student: selectedId, search, page: page - 1 })} enabled={summary.hasPrevious} label="Предыдущие студенты">
            <ChevronLeft aria-hidden />
          </PageLink>
          <span aria-live="polite">{summary.label}</span>
          <PageLink href={adminHref({ student: selectedId, search, page: page + 1 })} enabled={summary.hasNext} label="Следующие студенты">
            <ChevronRight aria-hidden />
          </PageLink>
        </nav>
      )}
    </aside>
  );
}

function PageLink({ href, enabled, label, children }: { href: string; enabled: boolean; label: string; children: React.ReactNode }) {
  if (!enabled) {
    return (
      <Button variant="outline" size="icon" disabled aria-label={label}>
        {children}
      </Button>
    );
  }
  return (
    <Button variant="outline" size="icon" asChild>
      <Link href={href} aria-label={label}>
        {children}
      </Link>
    </Button>
  );
}
