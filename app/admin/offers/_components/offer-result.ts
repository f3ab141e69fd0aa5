import { toast } from "@/components/client-loading/toast";
import { NO_CONNECTION } from "@/components/form-toasts";
import type { ActionResult } from "@/lib/actions/result";

export const UNREACHABLE: ActionResult<never> = { ok: false, error: NO_CONNECTION };

/** Runs an offer action and reports it: the message or «Сохранено», or the error. */
export function report<T>(result: ActionResult<T>, success = "Сохранено") {
  if (result.ok) toast.success(result.message ?? success);
  else toast.error(result.error);
  return result;
}
