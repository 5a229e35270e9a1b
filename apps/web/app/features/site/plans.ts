/** The two plans as the public site presents them. Limits are enforced by the server; this is their description. */
export const plans = {
  free: {
    tier: "a",
    name: "Free",
    price: "$0",
    cadence: "forever",
    summary:
      "Everything you need to keep your essential papers safe and make sure they reach the right people.",
    features: [
      "1 GiB of encrypted storage",
      "Up to 200 documents",
      "Legacy contacts and plans",
      "Check-ins with email reminders",
      "Requests with a waiting period you can refuse",
      "Two-factor sign-in and a recovery kit",
    ],
  },
  premium: {
    tier: "premium",
    name: "Premium",
    price: "$4",
    cadence: "a month, or $40 a year",
    summary:
      "For a whole household's paperwork, more people to plan for, and reminders that reach you anywhere.",
    features: [
      "100 GiB of encrypted storage",
      "More legacy contacts and plans",
      "Text-message reminders as well as email",
      "Priority support from a person",
      "Everything in Free",
    ],
  },
} as const;

export type PlanId = keyof typeof plans;
