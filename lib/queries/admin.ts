import "server-only";
import { createDataClient } from "@/lib/supabase/server";
import { pageRange } from "@/lib/domain/pagination";
import { isUuid } from "@/lib/domain/paths";
import { progressSummarySchema, verdictRow } from "./courses";
import { z } from "zod";
import { groundsSchema } from "./groups";
import { parseLessonOutline, readLessonOutline } from "./lesson-outline";
import { orThrow } from "./result";

/** What public.access_verdicts answers for one item: the student pages' verdict, with the item's own decision and the memberships behind it. */
const verdictsSchema = z.array(
  verdictRow.extend({
    item_unlocked: z.boolean(),
    grounds: groundsSchema,
    held_by: z.string().nullable(),
    held_by_quiz: z.boolean().nullable(),
  }),
);

export interface StudentSummary {
  id: string;
  email: string;
  full_name: string | null;
  last_activity_at: string | null;
}

/** The student list's order: by email, or those who have been away longest first. */
export type StudentOrder = "email" | "activity";
export const parseStudentOrder = (value: string | undefined): StudentOrder => (value === "activity" ? "activity" : "email");

/** Search text for PostgREST's or=(…) filter: quoted, without the characters that would change it. */
function searchPattern(search: string) {
  const cleaned = search.replace(/[*%\\"]/g, "").trim();
  return cleaned ? `"*${cleaned}*"` : null;
}

export const STUDENTS_PER_PAGE = 50;

/**
 * Everything /admin shows, in one parallel wave: a page of students with the total, content,
 * and one student's access.
 */
export async function getAdminPage(studentParam: string | undefined, search: string, page: number, order: StudentOrder) {
  const supabase = await createDataClient();
  const studentId = studentParam && isUuid(studentParam) ? studentParam : null;
  const pattern = searchPattern(search);
  let students = supabase.from("profiles").select("id, email, full_name, last_activity_at", { count: "exact" }).eq("role", "student");
  if (pattern) students = students.or(`full_name.ilike.${pattern},email.ilike.${pattern}`);
  if (order === "activity") students = students.order("last_activity_at", { ascending: true, nullsFirst: true });
  const forStudent = <T>(query: PromiseLike<T>) => (studentId ? query : Promise.resolve(null));

  const verdicts = (kind: "module" | "tool" | "lesson") => forStudent(supabase.rpc("access_verdicts", { _user_id: studentId!, _kind: kind }));
  const [studentList, selected, modules, tools, lessons, moduleAccess, toolAccess, lessonAccess, progress, moduleVerdicts, toolVerdicts, lessonVerdicts] = await Promise.all([
    students.order("email").order("id").range(...pageRange(page, STUDENTS_PER_PAGE)),
    forStudent(supabase.from("profiles").select("id, email, full_name, last_activity_at").eq("id", studentId!).eq("role", "student").maybeSingle()),
    supabase.from("course_modules").select("id, title, order_index, is_published").order("order_index"),
    supabase.from("tech_tools").select("id, name, order_index, is_published").order("order_index"),
    readLessonOutline(supabase),
    forStudent(supabase.from("module_access").select("itemId:module_id, is_unlocked, is_visible").eq("user_id", studentId!)),
    forStudent(supabase.from("tool_access").select("itemId:tool_id, is_unlocked, is_visible").eq("user_id", studentId!)),
    forStudent(supabase.from("lesson_access").select("itemId:lesson_id, is_unlocked, is_visible").eq("user_id", studentId!)),
    forStudent(supabase.rpc("progress_summary", { _student_id: studentId! })),
    verdicts("module"),
    verdicts("tool"),
    verdicts("lesson"),
  ]);

  // A page past the end (a stale link after students were removed) is an empty page, not an error.
  const pastTheEnd = studentList.error?.code === "PGRST103";
  return {
    students: pastTheEnd ? [] : (orThrow(studentList) as StudentSummary[]),
    studentTotal: pastTheEnd ? null : (studentList.count ?? 0),
    selected: selected ? (orThrow(selected) as StudentSummary | null) : null,
    studentParamInvalid: Boolean(studentParam) && !(selected && selected.data),
    modules: orThrow(modules),
    tools: orThrow(tools),
    lessons: parseLessonOutline(lessons),
    progress: progress ? progressSummarySchema.parse(orThrow(progress)) : null,
    /** The access rule's verdict on every module, tool and lesson for the selected student, and why. */
    verdicts: {
      module: verdictsSchema.parse(moduleVerdicts ? orThrow(moduleVerdicts) : []),
      tool: verdictsSchema.parse(toolVerdicts ? orThrow(toolVerdicts) : []),
      lesson: verdictsSchema.parse(lessonVerdicts ? orThrow(lessonVerdicts) : []),
    },
    access: {
      module: moduleAccess ? orThrow(moduleAccess) : [],
      tool: toolAccess ? orThrow(toolAccess) : [],
      lesson: lessonAccess ? orThrow(lessonAccess) : [],
    },
  };
}
