import { seededSnapshot } from "@/local-backend/database";

/** Builds the seeded database snapshot once, before the workers that each start backends from it. */
export default async function setup() {
  await seededSnapshot();
}
