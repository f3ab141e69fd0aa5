import "server-only";
import { after } from "next/server";
import { createClient } from "@/lib/supabase/server";

/**
 * Records that the student opened a lesson, after the page has been sent: no round trip is added
 * to the render. The client is made now, while the request's cookies are at hand.
 */
export async function recordLessonOpenedAfterResponse(lessonId: string) {
  const supabase = await createClient();
  after(async () => {
    const { error } = await supabase.rpc("record_lesson_opened", { _lesson_id: lessonId });
    if (error) console.error("recording an opened lesson failed:", error.message);
  });
}
