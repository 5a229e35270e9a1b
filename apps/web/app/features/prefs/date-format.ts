import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { formatDateTime } from "#app/features/account/time-zones.ts";
import { apiQuery } from "#app/lib/query.tsx";

/** How signed-in pages write a server timestamp: a day, or a day and time, in the person's chosen zone. */
export interface DateFormat {
  /** "24 November 2026" */
  day: (iso: string) => string;
  /** "24 November 2026 at 10:00" */
  dayAndTime: (iso: string) => string;
}

/** `timeZone` is the person's choice (contact preferences), or null for this device's own zone. */
export function dateFormat(timeZone: string | null): DateFormat {
  const days = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", ...(timeZone ? { timeZone } : {}) });
  return {
    day: (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : days.format(date);
    },
    dayAndTime: (iso) => formatDateTime(iso, timeZone),
  };
}

/** Dates in the signed-in person's chosen time zone (this device's until their preferences are read). */
export function useDateFormat(): DateFormat {
  const preferences = useQuery(apiQuery("getPreferences"));
  const timeZone = preferences.data?.timeZone ?? null;
  return useMemo(() => dateFormat(timeZone), [timeZone]);
}
