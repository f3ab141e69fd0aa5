import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { requireAdmin } from "@/lib/auth";
import { panelRows } from "@/lib/domain/access-verdicts";
import { formatMoscowTime } from "@/lib/domain/dates";
import { parsePage } from "@/lib/domain/pagination";
import { firstParam, searchQuery } from "@/lib/domain/paths";
import { getAdminPage, parseStudentOrder } from "@/lib/queries/admin";
import { AccessPanel } from "./_components/access-panel";
import { SelectionProvider } from "./_components/selection";
import { StudentList } from "./_components/student-list";

export const metadata: Metadata = { title: "Панель администратора", robots: { index: false } };

interface Props {
  searchParams: Promise<{ student?: string | string[]; q?: string | string[]; page?: string | string[]; sort?: string | string[] }>;
}

export default async function AdminPage({ searchParams }: Props) {
  const params = await searchParams;
  const studentParam = firstParam(params.student);
  const search = searchQuery(params.q, 100);
  const page = parsePage(firstParam(params.page));
  const order = parseStudentOrder(firstParam(params.sort));
  // The role check runs beside the reads (row level security guards them anyway), so the
  // page costs one wave of backend requests; a non-admin is redirected before anything renders.
  const [, data] = await Promise.all([requireAdmin(), getAdminPage(studentParam, search, page, order)]);

  return (
    <main id="main" className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/dashboard" backLabel="К выбору трека" title="Панель администратора" />
      <SelectionProvider>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_1fr]">
          <StudentList
            students={data.students}
            total={data.studentTotal}
            page={page}
            selectedId={data.selected?.id ?? null}
            search={search}
            order={order}
          />
          <section aria-label="Доступ студента" className="min-w-0">
            {data.selected ? (
              <AccessPanel
                key={data.selected.id}
                student={data.selected}
                modules={data.modules}
                tools={data.tools}
                lessons={data.lessons}
                access={data.access}
                progress={data.progress}
                lastActivity={data.selected.last_activity_at && formatMoscowTime(data.selected.last_activity_at)}
                effective={{
                  module: panelRows("module", data.verdicts.module),
                  tool: panelRows("tool", data.verdicts.tool),
                  lesson: panelRows("lesson", data.verdicts.lesson, data.lessons),
                }}
              />
            ) : (
              <div className="flex min-h-48 flex-col items-center justify-center gap-2 rounded-xl border border-dashed p-6 text-center text-muted-foreground">
                {data.studentParamInvalid && <p className="font-medium text-foreground">Студент не найден</p>}
                <p>Выберите студента для управления доступом</p>
              </div>
            )}
          </section>
        </div>
      </SelectionProvider>
    </main>
  );
}
