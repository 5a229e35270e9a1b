import { useQuery } from "@tanstack/react-query";
import { CheckInCard } from "#app/features/check-in/check-in-card.tsx";
import { apiQuery } from "#app/lib/query.tsx";

/** Home's check-in card: the next deadline and "I'm still here", once the person has a plan. */
export function CheckInSlot() {
  const plans = useQuery(apiQuery("listLegacyPlans"));
  if (!plans.data?.plans.length) return null;
  return (
    <div className="mt-8">
      <CheckInCard />
    </div>
  );
}
