import type { CheckInStatus } from "@heirloom/contract";
import { invalidateApi, setApiData, useApiMutation } from "#app/lib/query.tsx";

/**
 * "I'm still here", wherever it is pressed: the new schedule replaces the cached one, and plans that were in grace
 * or waiting for trustees are read again (they are active now).
 */
export function useCheckIn(onDone: (next: CheckInStatus) => void) {
  return useApiMutation("checkIn", {
    onSuccess: (next: CheckInStatus) => {
      setApiData("getCheckIn", next);
      void invalidateApi("listLegacyPlans");
      onDone(next);
    },
  });
}
