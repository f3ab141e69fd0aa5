import grants from "@/supabase/api-grants.json";
import { grantExpectationSchema, type GrantExpectation } from "./grants";

/** What each API role must be able to do (supabase/api-grants.json, kept by the grants test), bundled with the app. */
export const EXPECTED_GRANTS: GrantExpectation = grantExpectationSchema.parse(grants);
