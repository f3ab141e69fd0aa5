import Link from "next/link";
import { PageNav } from "@/components/page-nav";
import { formatMoscowTime } from "@/lib/domain/dates";
import { pageSummary } from "@/lib/domain/pagination";
import { STUDENTS_PER_PAGE, type StudentOrder, type StudentSummary } from "@/lib/queries/admin";
import { cn } from "@/lib/utils";
import { StudentLink } from "./selection";
import { StudentSearch } from "./student-search";

interface ListState {
  student: string | null;
  search: string;
  page: number;
  order: StudentOrder;
}

function adminHref({ student, search, page, order }: ListState) {
  const params = new URLSearchParams();
  if (student) params.set("student", student);
  if (search) params.set("q", search);
  if (page > 1) params.set("page", String(page));
  if (order !== "email") params.set("sort", order);
  return `/admin?${params}`;
}

const ORDERS: { order: StudentOrder; label: string }[] = [
  { order: "email", label: "По email" },
  { order: "activity", label: "Давно не занимались" },
];

export function StudentList({
  students,
  total,
  page,
  selectedId,
  search,
  order,
}: {
  students: StudentSummary[];
  /** Null when the page is past the end of the list. */
  total: number | null;
  page: number;
  selectedId: string | null;
  search: string;
  order: StudentOrder;
}) {
  const here = { student: selectedId, search, page, order };
  const summary = total === null ? null : pageSummary(page, STUDENTS_PER_PAGE, students.length, total);
  return (
    <aside className="flex flex-col gap-3" aria-label="Студенты">
      <h2 className="text-lg font-semibold">Студенты</h2>
      <StudentSearch
        search={search}
        hidden={{ ...(selectedId ? { student: selectedId } : {}), ...(order !== "email" ? { sort: order } : {}) }}
      />
      <nav aria-label="Порядок студентов" className="flex gap-1 text-sm">
        {ORDERS.map((option) => (
          <Link
            key={option.order}
            href={adminHref({ ...here, page: 1, order: option.order })}
            aria-current={option.order === order ? "true" : undefined}
            className={cn(
              "rounded-md px-2 py-1 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
              option.order === order && "bg-accent font-medium",
            )}
          >
            {option.label}
          </Link>
        ))}
      </nav>
      {total === null ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          На этой странице никого нет. <Link href={adminHref({ ...here, page: 1 })} className="underline">К первой странице</Link>
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
                href={adminHref({ ...here, student: student.id })}
                aria-current={student.id === selectedId ? "page" : undefined}
                className={cn(
                  "flex flex-col rounded-lg border px-3 py-2 outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  student.id === selectedId ? "border-primary bg-primary/5" : "border-transparent",
                )}
              >
                <span className="font-medium">{student.full_name || "Без имени"}</span>
                <span className="text-sm text-muted-foreground">{student.email}</span>
                <span className="text-xs text-muted-foreground">
                  {student.last_activity_at ? `Активность: ${formatMoscowTime(student.last_activity_at)}` : "Занятий ещё не было"}
                </span>
              </StudentLink>
            </li>
          ))}
        </ul>
      )}
      {summary && total !== 0 && (
        <PageNav
          label="Страницы списка студентов"
          summary={summary.label}
          previous={{ href: adminHref({ ...here, page: page - 1 }), enabled: summary.hasPrevious, label: "Предыдущие студенты" }}
          next={{ href: adminHref({ ...here, page: page + 1 }), enabled: summary.hasNext, label: "Следующие студенты" }}
        />
      )}
    </aside>
  );
}
