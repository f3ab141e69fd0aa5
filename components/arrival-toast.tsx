"use client";

import { useEffect } from "react";
import { toast } from "@/components/client-loading/toast";
import { ARRIVAL_PARAM, ARRIVALS, arrivalOf } from "@/lib/domain/arrival";

/** Says the toast a form's redirect asked for (`?welcome=…`, lib/domain/arrival.ts) and takes it out of the address. */
export function ArrivalToast() {
  useEffect(() => {
    const url = new URL(location.href);
    const arrival = arrivalOf(url.searchParams.get(ARRIVAL_PARAM));
    if (!arrival) return;
    url.searchParams.delete(ARRIVAL_PARAM);
    history.replaceState(history.state, "", url);
    toast.success(ARRIVALS[arrival].title, { id: "arrival", description: ARRIVALS[arrival].description });
  }, []);
  return null;
}
