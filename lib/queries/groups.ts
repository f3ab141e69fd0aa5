import "server-only";
import { z } from "zod";
import { createDataClient } from "@/lib/supabase/server";
import { orThrow } from "./result";

/** Reads of the cohort admin (/admin/groups), one parallel wave per page. */

export async function getGroupsOverview() {
  const supabase = await createDataClient();
  const [groups, members] = await Promise.all([
    supabase.from("groups").select("id, name, created_at").order("created_at", { ascending: false }),
    supabase.from("group_members").select("group_id"),
  ]);
  const memberships = orThrow(members);
  return orThrow(groups).map((group) => ({ ...group, memberCount: memberships.filter((member) => member.group_id === group.id).length }));
}

const grantSchema = z.object({
  kind: z.enum(["module", "tool", "lesson"]),
  item_id: z.string(),
  is_unlocked: z.boolean(),
  is_visible: z.boolean(),
  unlock_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});

/** What public.group_page returns. */
const groupPageSchema = z.object({
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  members: z.array(z.object({ id: z.string(), email: z.string(), full_name: z.string().nullable() })),
  grants: z.array(grantSchema),
});

export type GroupGrant = z.infer<typeof grantSchema>;

export async function getGroupPage(groupId: string) {
  const supabase = await createDataClient();
  const [page, modules, tools, lessons] = await Promise.all([
    supabase.rpc("group_page", { _group_id: groupId }),
    supabase.from("course_modules").select("id, title, order_index").order("order_index"),
    supabase.from("tech_tools").select("id, name, order_index").order("order_index"),
    supabase.from("lessons").select("id, title, tool_id, course_module_id, order_index").order("order_index"),
  ]);
  return { ...groupPageSchema.parse(orThrow(page)), modules: orThrow(modules), tools: orThrow(tools), lessons: orThrow(lessons) };
}
