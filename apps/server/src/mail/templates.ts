import type { MailMessage } from "./mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** A header value from text a person typed: one line, so it can never add a header of its own. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

function linkMail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  url: string,
  outro: string,
): MailMessage {
  return {
    to,
    subject: oneLine(subject),
    text: `${intro}\n\n${action}: ${url}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function verificationMail(to: string, name: string, url: string): MailMessage {
  return linkMail(
    to,
    "Confirm your email for Heirloom",
    `Hello ${name}, please confirm that this is your email address.`,
    "Confirm my email",
    url,
    "If you did not create a Heirloom account, you can ignore this message.",
  );
}

export function passwordResetMail(to: string, url: string): MailMessage {
  return linkMail(
    to,
    "Reset your Heirloom password",
    "Someone asked to reset the password of your Heirloom account. A reset lets you sign in again, but your encrypted documents stay locked until you use your recovery key.",
    "Choose a new password",
    url,
    "If you did not ask for this, ignore this message: your password stays as it is.",
  );
}

/**
 * The invitation to be a legacy contact. `ownerName` is the owner's account name; `note` is the owner's own words,
 * set apart and attributed so it cannot pass for Heirloom's. The link carries its token in the fragment only.
 */
export function legacyInvitationMail(input: {
  to: string;
  ownerName: string;
  note: string | undefined;
  url: string;
  validDays: number;
}): MailMessage {
  const { ownerName, note, url, validDays } = input;
  const subject = `${ownerName} invited you to be a legacy contact on Heirloom`;
  const intro = `${ownerName} uses Heirloom to keep important documents and instructions safe, and would like you to be one of their legacy contacts.`;
  const meaning =
    "A legacy contact is a person Heirloom can hand chosen documents and instructions to when the owner's legacy plan says so, for example if they stop checking in. Only you can open what is handed to you: it is encrypted for your own account, and Heirloom itself cannot read it.";
  const action = "See the invitation";
  const validity = `The link is valid for ${validDays} days. To accept, you sign in to Heirloom with this email address, or create an account with it. If you do not know ${ownerName}, or do not want this, you can decline from the same page or ignore this message.`;
  const noteHeading = `A note from ${ownerName} (written by them, not by Heirloom):`;
  const quoted = note ? note.replace(/^/gm, "> ") : "";
  return {
    to: input.to,
    subject: oneLine(subject),
    text: `${intro}\n\n${meaning}\n\n${note ? `${noteHeading}\n${quoted}\n\n` : ""}${action}: ${url}\n\n${validity}\n`,
    html:
      `<p>${escapeHtml(intro)}</p><p>${escapeHtml(meaning)}</p>` +
      (note
        ? `<p>${escapeHtml(noteHeading)}</p><blockquote style="white-space:pre-wrap">${escapeHtml(note)}</blockquote>`
        : "") +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(validity)}</p>`,
  };
}

/** To the owner: a person accepted their invitation and waits to be confirmed. */
export function legacyContactAcceptedMail(to: string, who: string, url: string): MailMessage {
  return linkMail(
    to,
    `${who} accepted your legacy invitation`,
    `${who} accepted your invitation to be a legacy contact. Before anything can be shared with them, compare their fingerprint phrase with them in person or by phone, then confirm them.`,
    "Open Legacy settings",
    url,
    "If the phrases do not match, do not confirm: revoke the contact and tell them.",
  );
}

/** To the owner: a confirmed contact's key changed, so nothing more is shared until they are confirmed again. */
export function legacyContactKeyChangedMail(to: string, who: string, url: string): MailMessage {
  return linkMail(
    to,
    `${who}'s key has changed`,
    `The account of your legacy contact ${who} has a new key. Nothing more will be shared with them until you compare their new fingerprint phrase with them and confirm them again.`,
    "Open Legacy settings",
    url,
    "If they did not expect their key to change, ask them before you confirm: a key you did not compare could belong to someone else.",
  );
}

/** To a recipient: a plan was released to them. No contents: only who, and where to open it. */
export function legacyPlanSharedMail(to: string, ownerName: string, url: string): MailMessage {
  return linkMail(
    to,
    `${ownerName} shared documents with you on Heirloom`,
    `${ownerName} has shared documents with you on Heirloom. They are encrypted for your account: sign in to open them in your browser. Heirloom itself cannot read them.`,
    "Open what was shared",
    url,
    "If you did not expect this, you can still sign in and look: nothing is opened or downloaded until you choose to.",
  );
}

/** To a recipient: a drill (a test release with a dummy document) arrived. */
export function legacyDrillMail(to: string, ownerName: string, url: string): MailMessage {
  return linkMail(
    to,
    `${ownerName} sent you a legacy drill on Heirloom`,
    `${ownerName} sent you a drill: a test release with a dummy document, to check that you will be able to open what they leave you one day. Nothing real has been released.`,
    "Open the drill",
    url,
    "The drill can be opened for 7 days.",
  );
}

/** To the owner: a check-in reminder. The one-click link checks in without signing in. */
export function checkInReminderMail(input: {
  to: string;
  name: string;
  deadline: string;
  checkInUrl: string;
  graceDays: number | null;
}): MailMessage {
  const missed = input.graceDays !== null;
  return linkMail(
    input.to,
    missed ? "You missed a Heirloom check-in" : "Time to check in with Heirloom",
    missed
      ? `Hello ${input.name}, you did not check in by ${input.deadline}. Unless you check in, your legacy plans will be released after their grace period.`
      : `Hello ${input.name}, please check in by ${input.deadline}. If you do not, your legacy plans will act as you set them up.`,
    "I'm still here",
    input.checkInUrl,
    "The link works once and needs no password. Signing in to Heirloom checks you in too.",
  );
}

/** To the owner: a recipient asked for access; refusing takes one click. The reason stays sealed until signed in. */
export function accessRequestedMail(input: {
  to: string;
  who: string;
  releaseOn: string;
  refuseUrl: string;
}): MailMessage {
  return linkMail(
    input.to,
    `${input.who} asked for access to your legacy plan`,
    `${input.who} asked Heirloom to release one of your legacy plans to its recipients. If you do nothing, it will be released on ${input.releaseOn}. Their reason is encrypted for you: sign in to read it.`,
    "Refuse this request",
    input.refuseUrl,
    "The link refuses the request once, without a password. If you are unable to act, do nothing.",
  );
}

export function requestRefusedMail(to: string, ownerName: string, url: string): MailMessage {
  return linkMail(
    to,
    `${ownerName} refused your request for access`,
    `${ownerName} refused your request for access to their legacy plan. You can ask again after the plan's waiting period.`,
    "Open your Legacy page",
    url,
    "Nothing was released.",
  );
}

/** To a trustee: a plan's trigger fired and waits for their confirmation. */
export function trusteeAskedMail(to: string, ownerName: string, url: string): MailMessage {
  return linkMail(
    to,
    `Please confirm: ${ownerName}'s legacy plan`,
    `${ownerName} named you a trustee of their legacy plan. Its trigger has fired: please confirm whether the plan should be released now, or say no if you know ${ownerName} is able to act.`,
    "Answer in Heirloom",
    url,
    "Nothing is released until enough trustees confirm.",
  );
}
