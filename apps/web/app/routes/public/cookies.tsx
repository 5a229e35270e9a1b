import { Link } from "react-router";
import { LegalPage } from "#app/features/site/legal-page.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import { ResetCookieNoticeButton } from "#app/features/site/reset-cookie-notice-button.tsx";

export const meta = () =>
  pageMeta(
    "Cookies and browser storage",
    "Every cookie and browser-storage item Heirloom uses, what each is for and how long it lasts — a session cookie, your cookie-notice choice and your appearance preference. No advertising cookies.",
  );

const items = [
  {
    name: "Session cookie",
    where: "Cookie (secure, HTTP-only)",
    purpose: "Keeps you signed in. It is set when you sign in and only then.",
    lasts: "Until you sign out, or the session expires",
  },
  {
    name: "cookiesAccepted",
    where: "Local storage",
    purpose: "Remembers that you pressed OK on the cookie notice, so it does not appear on every page.",
    lasts: "Until you reset it below or clear your browser data",
  },
  {
    name: "Appearance (dark mode)",
    where: "Saved with your account, remembered in the browser",
    purpose:
      "Keeps your choice of light or dark appearance. Without a choice, we follow your device's setting.",
    lasts: "Until you change it",
  },
  {
    name: "Vault session keys",
    where: "Session storage (signed-in tabs only)",
    purpose:
      "Lets a signed-in tab survive a reload without asking for your password again. Never shared with us.",
    lasts: "Until you sign out, the tab closes, or 20 minutes pass without activity",
  },
] as const;

export default function Cookies() {
  return (
    <LegalPage
      eyebrow="Cookie Preference"
      title="Cookies and browser storage"
      lead="We keep this list short: one essential cookie, and a few items in your browser's storage. No advertising cookies, and nothing that follows you to other websites."
      updated="22 November 2026"
    >
      <h2>What we store in your browser</h2>
      <table>
        <caption className="sr-only">Cookies and browser storage used by Heirloom</caption>
        <thead>
          <tr>
            <th scope="col" className="w-2/5">
              What and where
            </th>
            <th scope="col">What it is for, and for how long</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.name}>
              <th scope="row">
                <span className="block">{i.name}</span>
                <span className="mt-1 block font-normal text-ink-muted">{i.where}</span>
              </th>
              <td>
                <span className="block">{i.purpose}</span>
                <span className="mt-1 block text-ink-muted">
                  Kept: {i.lasts.charAt(0).toLowerCase() + i.lasts.slice(1)}.
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <p>
        All of these are essential or remember a choice you made, so they do not need consent under most
        cookie laws. We show the notice anyway, because you should know.
      </p>

      <h2>What we do not use</h2>
      <ul>
        <li>No advertising or retargeting cookies.</li>
        <li>No cross-site tracking, and no third-party code on signed-in pages.</li>
        <li>No selling or sharing of what we learn from cookies — there is nothing to learn from them.</li>
      </ul>

      <h2>Your cookie notice choice</h2>
      <p>
        When you press OK on the cookie notice, this browser remembers it. To see the notice again — for
        example to check what it says, or on a shared computer — reset it here.
      </p>
      <ResetCookieNoticeButton />

      <h2>Clearing everything</h2>
      <p>
        You can delete all of the above from your browser's settings at any time. If you do, you will be
        signed out and the cookie notice will reappear. Your vault is unaffected: it lives, sealed, on our
        servers. See our <Link to="/Privacy">privacy policy</Link> for everything else we store.
      </p>
    </LegalPage>
  );
}
