/** Where help lives on the public site, listed on /app/help and /account/help. */
export const helpLinks = [
  { label: "Help centre", description: "Questions and answers about Heirloom.", to: "/Help" },
  {
    label: "How it works",
    description: "Your keys, your vault, and how a release happens.",
    to: "/HowItWorks",
  },
  {
    label: "What happens when…",
    description: "Step by step, for the people you leave things to.",
    to: "/what-happens",
  },
  { label: "Security", description: "What we can and cannot see.", to: "/Security" },
  { label: "Contact support", description: "Write to us about anything else.", to: "/Contact" },
] as const;
