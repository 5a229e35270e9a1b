// Questions shown on /Faq. Answers are paragraphs of plain text (no Markdown).
// Product facts here must match ARCHITECTURE.md: when the product changes, change the answer too.

export interface FaqEntry {
  id: string;
  question: string;
  answer: readonly string[];
}

export const faqEntries: readonly FaqEntry[] = [
  {
    id: "can-heirloom-read-my-documents",
    question: "Can Heirloom read my documents?",
    answer: [
      "No. Your documents, passwords and instructions are encrypted in your browser before they are uploaded, with keys that never leave your device unencrypted. We store only encrypted data and keys that are themselves locked, so we have nothing that could open them.",
      "Your vault password never reaches us either. Your browser derives your vault key from it, and sends us only a separate sign-in key derived from that, which we store as a hash. File names, types and sizes are encrypted too.",
      "We do see what we need to run the service: your email address, when you sign in, how much storage you use, and who your legacy contacts are.",
    ],
  },
  {
    id: "forgot-password",
    question: "What if I forget my password?",
    answer: [
      "Use your recovery kit. When you set up your vault, Heirloom shows you a recovery kit once: a recovery key that unlocks your vault a second way. With it you can regain access and choose a new password.",
      "Without your password and without your recovery kit, your data cannot be recovered, by you or by us. That is the price of a vault we cannot read: there is no back door. Print or save the kit when it is shown and keep it somewhere safe, away from your computer and not inside your vault.",
    ],
  },
  {
    id: "what-if-heirloom-shuts-down",
    question: "What happens if Heirloom shuts down?",
    answer: [
      "Once something has been released to a recipient, they can download everything left for them as one ZIP file, decrypted in their own browser with their own key, which needs no Heirloom to open. So what you left them stays readable even if Heirloom no longer exists.",
      "While you are signed in you can download your own documents at any time; they are decrypted in your browser as they are saved.",
    ],
  },
  {
    id: "how-does-check-in-work",
    question: "How does the check-in work?",
    answer: [
      'You choose how often you want to be asked to check in (Heirloom starts from 60 days; 30, 90, 180 and 365 are the other choices) and, for each plan with a missed check-in trigger, a grace period. Signing in is a check-in. Before a check-in is due we remind you by email, and by text message too if you have verified a mobile number and turned texts on: at half the interval, then 7, 3 and 1 days before, never more than once a day. Every reminder has an "I\'m still here" link that works without signing in. You can also press "I\'m still here" in the app.',
      "If the reminders go unanswered, the grace period begins. Only when it ends is the plan released to its recipients. A check-in at any time before that returns everything to normal, and no release can happen until at least the interval plus the grace period has passed since your last check-in.",
    ],
  },
  {
    id: "away-on-holiday-or-in-hospital",
    question: "What if I'm on holiday or in hospital and miss a check-in?",
    answer: [
      'Choose an interval and grace period long enough to cover your longest likely absence, and check in just before you go away. The "I\'m still here" link in a reminder works from any phone or computer without signing in, so a message read on holiday is enough.',
      "If you expect to be out of reach for a long time, lengthen the interval or grace period before you leave and shorten it again when you are back. For plans triggered by a recipient's request, you can refuse any request that arrives while you are fine, and nothing is released.",
    ],
  },
  {
    id: "who-can-i-name",
    question: "Who can I name as a legacy contact?",
    answer: [
      "Anyone with an email address who accepts your invitation. They sign in or create a Heirloom account (the free tier is enough), which gives them the key pair that will open what you leave them. You then confirm them by comparing a short fingerprint phrase with them in person or on a call.",
      "You can name different people for different documents, more than one person for the same documents, and trustees whose confirmation is required before a release.",
    ],
  },
  {
    id: "what-is-a-fingerprint-phrase",
    question: "What is the fingerprint phrase, and why do I have to compare it?",
    answer: [
      "It is a short sequence of words derived from your contact's public key. You see it on your side, your contact sees it in their own account, and you compare the two in person or on a call.",
      "If the words match, you know the key your browser is about to use really belongs to your contact, and that nobody, not even a compromised server, has swapped in a different one. Only after you confirm does your browser prepare anything for that person. If a contact's key ever changes, you are asked to confirm again.",
    ],
  },
  {
    id: "can-recipients-see-before-release",
    question: "Can my recipients see anything before a release?",
    answer: [
      "No. They know you have invited them as a legacy contact, because they accepted the invitation, but they cannot see which documents you chose for them, their names, or their contents.",
      "Until a release, the keys prepared for them are held back by our server, and even the server cannot use them, because they are locked to the recipient's own key. When a release happens, each recipient receives only what you chose for them.",
    ],
  },
  {
    id: "can-a-release-happen-by-mistake",
    question: "Can a release happen by mistake?",
    answer: [
      "Several safeguards stand in the way. A missed check-in only leads to a release after reminders by email and text and a grace period you choose. A recipient's request is only granted if you do not refuse it within the waiting period you set. For sensitive plans you can also require several trustees to confirm, for example two of three, so no single person can cause a release.",
      "Even at release, our server can only hand over keys that are locked to the recipient; it cannot read anything itself. A release cannot be taken back once a recipient has opened it, so choose intervals, grace periods and waiting periods that suit your life.",
    ],
  },
  {
    id: "free-vs-premium",
    question: "What does the free tier include, and what does premium add?",
    answer: [
      "The free tier gives you up to 1 GiB of encrypted storage and up to 200 documents. Premium raises storage to 100 GiB.",
      "Encryption and legacy releases work the same way on every tier, and a release never depends on payment: if a premium subscription lapses, your legacy plan still works.",
    ],
  },
  {
    id: "how-are-files-encrypted",
    question: "How are my files encrypted?",
    answer: [
      "In your browser, with AES-256-GCM. Every document and item has its own random key, and large files are encrypted in chunks that are bound together so they cannot be reordered, dropped or mixed with another file's. The file name, type and size are encrypted too.",
      "Each document key is locked with your account key, which is locked with a key derived from your vault password using Argon2id. When you give a document to a confirmed recipient, your browser also locks its key with the recipient's public key using RSA-OAEP with a 4096-bit key, so only their private key can open it.",
      "The Security page describes the full key hierarchy and our threat model.",
    ],
  },
  {
    id: "two-factor-authentication",
    question: "Is two-factor authentication available?",
    answer: [
      "Yes. You can turn on two-factor authentication with any authenticator app that supports time-based codes (TOTP), in your security settings. You also get backup codes; keep them somewhere safe, separate from your recovery kit.",
      "Two-factor protects your sign-in. It is separate from the encryption of your vault, which depends on your vault password or recovery kit.",
    ],
  },
  {
    id: "social-sign-in",
    question: "Can I sign in with Google, Apple, Microsoft or GitHub?",
    answer: [
      "Yes. You can create an account and sign in with any of them.",
      "You still set a vault password. A social sign-in proves to us who you are, but it cannot decrypt anything: your vault key is derived from your vault password in your browser, and neither we nor the sign-in provider ever hold it. You also receive a recovery kit, exactly as with an email sign-up.",
    ],
  },
  {
    id: "is-heirloom-a-will",
    question: "Does Heirloom replace a will?",
    answer: [
      "No. A legacy plan works alongside a will. A will decides who is legally entitled to what; Heirloom makes sure the right people can find and open the documents, passwords and instructions you leave them, when you choose.",
      "Rules about wills, executors and access to a deceased person's accounts differ between countries. Our articles are general information, not legal advice; for your situation, speak to a professional where you live.",
    ],
  },
  {
    id: "recipient-loses-access",
    question: "What if a recipient loses their own password?",
    answer: [
      "What you leave a recipient is locked to their private key, which is protected by their own vault password and their own recovery kit. If they lose their password, they can use their recovery kit.",
      "If they lose both and start again with a new account, their key changes. Heirloom then asks you to confirm their new fingerprint phrase before anything is prepared for the new key. This is why it is worth asking your contacts to keep their recovery kit safe, and naming more than one person for anything important.",
    ],
  },
  {
    id: "delete-my-account",
    question: "How do I delete my account?",
    answer: [
      "In your account settings, choose to delete your account. You will be asked to sign in again and to type a confirmation, so it cannot happen by accident.",
      "Deletion is irreversible. Your documents and your legacy plans are deleted with your account, so your recipients will no longer receive anything from it. Download anything you want to keep first.",
    ],
  },
  {
    id: "cookies",
    question: "What cookies do you use?",
    answer: [
      "Only the cookies that are essential to run the site, such as the one that keeps you signed in. We do not use advertising or tracking cookies.",
      "A short banner tells you this on your first visit. Choosing OK hides it, and that choice is remembered in your browser.",
    ],
  },
  {
    id: "supported-browsers",
    question: "Which browsers are supported?",
    answer: [
      "Current versions of modern browsers on computers, tablets and phones. Heirloom needs WebCrypto and WebAssembly, because all encryption happens on your device.",
      "The /tester page checks your browser and tells you if anything is missing. If it reports a problem, update your browser or try another one.",
    ],
  },
  {
    id: "change-password",
    question: "Can I change my vault password?",
    answer: [
      "Yes. Your browser re-encrypts two small keys with the new password; no document has to be re-uploaded, so it takes moments whatever the size of your vault.",
      "Your recovery kit stays valid after a password change.",
    ],
  },
];
