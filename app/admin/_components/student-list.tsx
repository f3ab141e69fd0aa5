import Link from "next/link";
import { Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { StudentSummary } from "@/lib/queries/admin";
import { cn } from "@/lib/utils";

function studentHref(id: string, search: string) {
  const params = new URLSearchParams({ student: id });
  if (search) params.set("q", search);
  return `/admin?${params}`;
}

export function StudentList({
  students,
  selectedId,
  search,
}: {
  students: StudentSummary[];
  selectedId: string | null;
  search: string;
}) {
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
      {students.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          {search ? "Никого не нашли" : "Нет зарегистрированных студентов"}
        </p>
      ) : (
        <ul className="flex max-h-[70vh] flex-col gap-1 overflow-y-auto">
          {students.map((student) => (
            <li key={student.id}>
              <Link
                href={studentHref(student.id, search)}
                aria-current={student.id === selectedId ? "page" : undefined}
                className={cn(
                  "flex flex-col rounded-lg border border-transparent px-3 py-2 outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  student.id === selectedId && "border-primary bg-primary/5",
                )}
              >
                <span className="font-medium">{student.full_name || "Без имени"}</span>
                <span className="truncate text-sm text-muted-foreground">{student.email}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
