import "server-only";
import { z } from "zod";
import { createDataClient } from "@/lib/supabase/server";
import type { DataClient } from "@/lib/supabase/session";
import { parseLessonOutline, readLessonOutline } from "./lesson-outline";
import { orThrow } from "./result";

/** Reads of the cohort admin (/admin/groups), one parallel wave per page. */

export async function getGroupsOverview() {
  const supabase = await createDataClient();
  const groups = orThrow(await supabase.rpc("groups_overview"));
  return groups.map(({ member_count, ...group }) => ({ ...group, memberCount: member_count }));
}

const grantSchema = z.object({
  kind: z.enum(["module", "tool", "lesson"]),
  item_id: z.string(),
  is_unlocked: z.boolean(),
  is_visible: z.boolean(),
  unlock_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});

const membershipSchema = z.object({
  source: z.enum(["manual", "order", "promo"]),
  ref: z.string().nullable(),
  ends_at: z.string().nullable(),
});

/** The memberships behind a group's grant, as public.effective_access_of answers them. */
export const groundsSchema = z.array(membershipSchema.extend({ group: z.string() }));

/** What public.group_page returns. */
const groupPageSchema = z.object({
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  members: z.array(
    z.object({ id: z.string(), email: z.string(), full_name: z.string().nullable(), memberships: z.array(membershipSchema.extend({ current: z.boolean() })) }),
  ),
  grants: z.array(grantSchema),
});

export type GroupGrant = z.infer<typeof grantSchema>;

export interface GroupCurator {
  id: string;
  email: string;
  full_name: string | null;
  /** Whether they still hold the curator (or admin) role: without it they review nothing. */
  reviews: boolean;
}

/**
 * A group's curators with their names and roles. Two steps, beside the page's wave: their ids
 * first, as group_curators names auth.users, not profiles, so PostgREST cannot join the two.
 */
async function groupCurators(supabase: DataClient, groupId: string): Promise<GroupCurator[]> {
  const ids = orThrow(await supabase.from("group_curators").select("user_id").eq("group_id", groupId).order("added_at")).map((row) => row.user_id);
  if (!ids.length) return [];
  const [profiles, roles] = await Promise.all([
    supabase.from("profiles").select("id, email, full_name").in("id", ids),
    supabase.from("user_roles").select("user_id").in("user_id", ids).in("role", ["curator", "admin"]),
  ]);
  const staff = new Set(orThrow(roles).map((row) => row.user_id));
  const byId = new Map(orThrow(profiles).map((profile) => [profile.id, profile]));
  return ids.flatMap((id) => {
    const profile = byId.get(id);
    return profile ? [{ ...profile, reviews: staff.has(id) }] : [];
  });
}

export async function getGroupPage(groupId: string) {
  const supabase = await createDataClient();
  const [page, modules, tools, lessons, curators] = await Promise.all([
    supabase.rpc("group_page", { _group_id: groupId }),
    supabase.from("course_modules").select("id, title, order_index").order("order_index"),
    supabase.from("tech_tools").select("id, name, order_index").order("order_index"),
    readLessonOutline(supabase),
    groupCurators(supabase, groupId),
  ]);
  return { ...groupPageSchema.parse(orThrow(page)), modules: orThrow(modules), tools: orThrow(tools), lessons: parseLessonOutline(lessons), curators };
}
