import { Link } from "react-router";
import { LegalPage } from "#app/features/site/legal-page.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Terms of service",
    "The plain-language terms for using Heirloom: your content stays yours, what zero knowledge means if you lose your password, how releases work, payment, and what we promise.",
  );

export default function Terms() {
  return (
    <LegalPage
      eyebrow="Terms"
      title="Terms of service"
      lead="The agreement between you and Heirloom, written to be read. If anything here is unclear, ask us before you rely on it."
      updated="22 November 2026"
    >
      <h2>1. Who we are and what this covers</h2>
      <p>
        These terms apply when you use Heirloom, the website and service operated by Heirloom (see our{" "}
        <Link to="/LegalNotice">legal notice</Link>). By creating an account, you agree to them. If you are a
        legacy contact or trustee and create an account to receive something, they apply to you too.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>You must be 18 or older and give us a real email address you control.</li>
        <li>
          Keep your password, recovery kit and second factor to yourself. You are responsible for what happens
          with them.
        </li>
        <li>Tell us straight away if you think someone else has got into your account.</li>
      </ul>

      <h2>3. Your content is yours</h2>
      <p>
        You keep every right to what you store. You give us only the permission we need to store your sealed
        data, copy it for backup, and deliver it as your legacy plan instructs. Because it is encrypted before
        it reaches us, we cannot read it, and we will never try.
      </p>

      <h2>4. What zero knowledge means for you</h2>
      <p>
        <strong>We cannot reset your password or recover your vault.</strong> If you forget your password and
        also lose your recovery kit, your data cannot be opened by anyone, including us. Please print your
        recovery kit and keep it somewhere safe. We are not responsible for data that becomes unreadable this
        way.
      </p>

      <h2>5. Legacy plans and releases</h2>
      <ul>
        <li>
          You decide which documents go to whom and what releases them. We carry out those instructions as the
          service describes: reminders, grace periods, waiting periods and trustee confirmations, then
          release.
        </li>
        <li>
          Keep your contact details up to date and check in when asked. A release that follows your settings —
          including one caused by reminders you did not see — is the service working as intended.
        </li>
        <li>A release cannot be undone once a recipient has received their keys.</li>
        <li>A release never depends on payment. It happens whether or not your subscription is current.</li>
        <li>
          <strong>Heirloom is not a will and is not legal advice.</strong> It helps the people you choose find
          and open what you left them. It does not transfer ownership of anything or replace a properly made
          will. Take advice on that where you live.
        </li>
      </ul>

      <h2>6. Acceptable use</h2>
      <p>
        Do not use Heirloom to break the law, to store material that is illegal to possess, to harass anyone
        through invitations or requests, to attack the service or other people's accounts, or to resell the
        service without our agreement. We may suspend accounts that do, and we will tell you why unless the
        law prevents it.
      </p>

      <h2>7. Premium and payment</h2>
      <ul>
        <li>
          Premium costs $4 a month or $40 a year, charged in advance. Prices include any tax we are required
          to add.
        </li>
        <li>You can cancel at any time; Premium continues until the end of the period you paid for.</li>
        <li>
          After that your account returns to the free plan. Nothing is deleted: if you are above the free
          limits you can still read, export and remove items, but not add new ones until you are back under
          them.
        </li>
        <li>If we change the price, we will tell you at least 30 days before it applies to you.</li>
      </ul>

      <h2>8. Our promises, and their limits</h2>
      <p>
        We work hard to keep Heirloom available, secure and correct, to store your data redundantly, and to
        run legacy plans on time. But no service is perfect. We provide Heirloom as it is, and to the extent
        the law allows, we are not liable for indirect losses, or for more than the amount you paid us in the
        twelve months before a claim. Nothing in these terms limits rights you have under consumer law that
        cannot be limited.
      </p>

      <h2>9. Ending the agreement</h2>
      <p>
        You can delete your account at any time from your settings. We may end the service for you if you
        seriously breach these terms, with notice where we can give it. If we ever decide to close Heirloom
        altogether, we will give every account holder reasonable notice and time to export their data.
      </p>

      <h2>10. Changes to these terms</h2>
      <p>
        We will tell you by email about any change that matters before it takes effect. If you do not agree,
        you can export your data and close your account.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about these terms: <a href="mailto:legal@heirloom.example">legal@heirloom.example</a>, or
        our <Link to="/Contact">contact form</Link>.
      </p>
    </LegalPage>
  );
}
