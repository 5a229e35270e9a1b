import type { MailMessage } from "./mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

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
    subject,
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
