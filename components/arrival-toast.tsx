"use client";

import { useEffect } from "react";
import { toast } from "@/components/client-loading/toast";
import { announceAuthChange } from "@/lib/auth-channel";
import { ARRIVAL_PARAM, ARRIVALS, arrivalOf, arrivalSignsOut } from "@/lib/domain/arrival";

/** Says the toast a form's redirect asked for (`?welcome=…`, lib/domain/arrival.ts), tells the other tabs when it ended the session, and takes it out of the address. */
export function ArrivalToast() {
  useEffect(() => {
    const url = new URL(location.href);
    const arrival = arrivalOf(url.searchParams.get(ARRIVAL_PARAM));
    if (!arrival) return;
    url.searchParams.delete(ARRIVAL_PARAM);
    // Null, not history.state: Next takes a state of its own for its own call and would not learn the address.
    history.replaceState(null, "", url);
    if (arrivalSignsOut(arrival)) announceAuthChange("signed-out");
    toast.success(ARRIVALS[arrival].title, { id: "arrival", description: ARRIVALS[arrival].description });
  }, []);
  return null;
}
