import { z } from "./zod";
import { ACCESS_KINDS } from "@/lib/domain/access";

/** Input of the admin's access actions, shared by the switches and the server. */

export const setAccessSchema = z.object({
  kind: z.enum(ACCESS_KINDS),
  studentId: z.uuid(),
  itemId: z.uuid(),
  field: z.enum(["is_unlocked", "is_visible"]),
  value: z.boolean(),
  /**
   * What the switches showed (the student's record, else their groups' or the defaults'): the
   * other flag of a new personal record keeps it, so hiding a lesson a group opens keeps it open.
   */
  shown: z.object({ is_unlocked: z.boolean(), is_visible: z.boolean() }).optional(),
});

export const setAllAccessSchema = z.object({
  kind: z.enum(ACCESS_KINDS),
  studentId: z.uuid(),
  itemIds: z.array(z.uuid()).min(1).max(5000),
  field: z.enum(["is_unlocked", "is_visible"]),
  value: z.boolean(),
});

export type SetAccessInput = z.infer<typeof setAccessSchema>;
export type SetAllAccessInput = z.infer<typeof setAllAccessSchema>;
