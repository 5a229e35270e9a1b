import type { EmptyStateContent } from "#app/components/ui/empty-state.tsx";

export interface SectionContent {
  title: string;
  description: string;
  empty?: EmptyStateContent;
}

// What each signed-in page is for, and what it shows while it has nothing yet. Later issues replace the empty
// states with the real lists and forms; the titles and descriptions stay.
export const sections = {
  documents: {
    title: "Documents",
    description:
      "Wills, deeds, policies and letters, encrypted in this browser before they are uploaded. Only you, and the people you choose, can open them.",
    empty: {
      icon: "file",
      title: "No documents yet",
      body: "Documents you add will be listed here. Each one is encrypted with its own key before it leaves this browser.",
    },
  },
  legacy: {
    title: "Legacy",
    description:
      "Decide who receives which documents and instructions, and when: now, after a missed check-in, or after a request you do not refuse in time.",
    empty: {
      icon: "hourglass",
      title: "No legacy plan yet",
      body: "Once you invite a legacy contact and choose what they should receive, your plan and its check-in schedule appear here.",
      action: { label: "See legacy invitations", to: "/app/legacyinvitations" },
    },
  },
  legacyInvitations: {
    title: "Legacy invitations",
    description:
      "The people you invite to receive part of your vault one day. A contact is only trusted after you compare their six-word fingerprint phrase with them.",
  },
  passwords: {
    title: "Passwords",
    description:
      "Passwords and sign-in details you want kept safe, or passed on. They are encrypted in this browser like your documents.",
    empty: {
      icon: "key",
      title: "No passwords yet",
      body: "Passwords you save will be listed here. Nobody at Heirloom can read them.",
    },
  },
  serviceAccounts: {
    title: "Service accounts",
    description:
      "Your online accounts, such as email, banking and social media, with what should happen to each: close it, memorialise it, or hand it to someone.",
    empty: {
      icon: "server",
      title: "No service accounts yet",
      body: "Accounts you add will be listed here with the instructions for each.",
    },
  },
  serviceAccount: {
    title: "Service account",
    description: "One of your online accounts, with the instructions for what should happen to it.",
    empty: {
      icon: "server",
      title: "This service account is not here",
      body: "It may have been removed, or it has not been added yet.",
      action: { label: "All service accounts", to: "/app/serviceaccounts" },
    },
  },
  activity: {
    title: "Activity",
    description:
      "Sign-ins and changes to your vault, with the device and system they came from, so you can spot anything you did not do.",
    empty: {
      icon: "clock",
      title: "No activity yet",
      body: "Sign-ins and changes will be listed here as they happen.",
    },
  },
  notifications: {
    title: "Notifications",
    description: "Check-in reminders, invitations and messages about your legacy plan.",
    empty: {
      icon: "bell",
      title: "No notifications",
      body: "Reminders and messages will appear here. You are all caught up.",
    },
  },
  myInfo: {
    title: "My info",
    description:
      "Your name, date of birth and postcode. Legacy contacts may be asked to confirm these details when a plan is released.",
    empty: {
      icon: "users",
      title: "No personal details yet",
      body: "Your date of birth and postcode will appear here once you add them.",
    },
  },
  accountHolder: {
    title: "Account holder",
    description:
      "The people who named you as their legacy contact, the six words you read to them, and anything they have released to you.",
  },
  contactPreferences: {
    title: "Contact preferences",
    description: "How we reach you: by email, by text message, and how often we remind you to check in.",
    empty: {
      icon: "mail",
      title: "Default preferences in use",
      body: "We send check-in reminders and security notices by email. Choices for text messages and reminders arrive here soon.",
    },
  },
  primarySettings: {
    title: "Primary settings",
    description: "Your plan, your account type, and the basics of your account.",
  },
  settings: {
    title: "Settings",
    description: "Everything about your account, your details and how Heirloom contacts you.",
  },
  securitySettings: {
    title: "Security settings",
    description:
      "Two-factor authentication, the devices signed in to your account, and your password. Your password unlocks your vault, so changing it re-encrypts your keys in this browser.",
  },
  help: {
    title: "Help",
    description: "Answers about your vault, legacy plans and keeping your account safe, and how to reach us.",
  },
  more: {
    title: "More",
    description: "Articles, guides and the rest of Heirloom.",
  },
  upgrade: {
    title: "Upgrade to Premium",
    description:
      "More storage, more legacy contacts and text-message reminders. A release of your legacy plan never depends on payment.",
  },
  addArticle: {
    title: "Write an article",
    description: "Heirloom's editors write the articles and guides of the public site here.",
    empty: {
      icon: "book",
      title: "For Heirloom editors only",
      body: "Your account cannot publish articles. Read the published ones on the articles page.",
      action: { label: "Read articles", to: "/articles" },
    },
  },
  shared: {
    title: "Shared with you",
    description:
      "A document someone shared with you through their legacy plan. It opens in this browser with your own private key.",
    empty: {
      icon: "lock",
      title: "Nothing to open here yet",
      body: "When a legacy plan that names you is released, what it hands you appears here.",
    },
  },
} satisfies Record<string, SectionContent>;

export type SectionName = keyof typeof sections;

/** The title for a signed-in page's <title>. */
export const sectionMeta = (name: SectionName) => [{ title: `${sections[name].title} · Heirloom` }];
