import { Link } from "react-router";
import { LegalPage } from "#app/features/site/legal-page.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Privacy policy",
    "What Heirloom stores about you and why: your email, sealed data we cannot read, and the metadata needed to run your legacy plan. Essential cookies only, no ad trackers, export and deletion at any time.",
  );

export default function Privacy() {
  return (
    <LegalPage
      eyebrow="Privacy"
      title="Privacy policy"
      lead="We built Heirloom so that the most private things you store are out of our reach. This page covers everything else: what we do know about you, why, and what you can do about it."
      updated="22 November 2026"
    >
      <h2>The short version</h2>
      <ul>
        <li>Your documents, passwords and notes are encrypted in your browser. We cannot read them.</li>
        <li>We store the few things we need to run your account and your legacy plan, listed below.</li>
        <li>
          We use essential cookies only. There are no advertising trackers, and signed-in pages load no
          third-party code at all.
        </li>
        <li>We never sell your data, and we never use it to train anything.</li>
        <li>You can export your vault and delete your account whenever you like.</li>
      </ul>

      <h2>What we store</h2>
      <h3>Account details</h3>
      <p>
        Your email address and the name you give us, so you can sign in and so we can send you check-in
        reminders, release notices and security alerts. If you add a phone number for text reminders, or your
        date of birth and postcode on your profile, we store those too. Your plan and billing status are
        stored with your account; card details are handled by our payment provider and never reach our
        servers.
      </p>
      <h3>Sealed data</h3>
      <p>
        Everything you put in your vault is encrypted on your device before it is uploaded, together with its
        name, type and size. We store the sealed result, your sealed keys, a hash of your sign-in key, and the
        salt your browser uses to make your vault key. None of this lets us read your vault. See{" "}
        <Link to="/Security">Security</Link> for how.
      </p>
      <h3>Metadata</h3>
      <p>
        To store your data and run your plan, we necessarily see some facts about it: how many sealed items
        you have and how much space they take, when they were created and changed, who your legacy contacts
        and trustees are (their email addresses and whether they accepted), your plan's settings and state,
        and when you last checked in.
      </p>
      <h3>Logs</h3>
      <p>
        Like every web service, we log requests — time, address, what was asked for, and a request ID — to
        keep the service secure and to fix problems. Your account's activity log (sign-ins, check-ins, changes
        to your plan) is visible to you in the app. We keep raw request logs for a short time only.
      </p>
      <h3>Messages you send us</h3>
      <p>
        If you use the <Link to="/Contact">contact form</Link>, we keep your name, email address and message
        so we can reply. We do not add you to any mailing list.
      </p>

      <h2>Why we store it</h2>
      <p>
        We use this information to provide the service you signed up for: to let you in, keep your sealed
        data, run your check-ins and releases, send the messages those need, take payment for Premium, prevent
        abuse, and answer you when you write. That is all.
      </p>

      <h2>Cookies and trackers</h2>
      <p>
        We set one essential cookie, for your session when you are signed in, and remember a couple of
        preferences in your browser. There are no advertising or cross-site tracking cookies. The{" "}
        <Link to="/cookies">cookie page</Link> lists everything we store in your browser.
      </p>

      <h2>Who else sees it</h2>
      <p>
        We use a small number of providers to run Heirloom — hosting, email and text-message delivery, and
        payments. They process only what they need to do that job, under contract with us. Your email provider
        sees the reminders we send; your legacy contacts see the notices meant for them. We share information
        with authorities only when the law requires it, and even then we can only hand over what we hold:
        sealed data we cannot open.
      </p>

      <h2>Your choices</h2>
      <ul>
        <li>
          <strong>Export.</strong> From your account settings you can download your whole vault. It is
          decrypted in your browser, so the readable copy never passes through our servers.
        </li>
        <li>
          <strong>Correct.</strong> Change your name, email and profile details in the app at any time.
        </li>
        <li>
          <strong>Delete.</strong> Deleting your account removes your sealed data, your keys and your account
          records. Copies in our encrypted backups expire on their normal schedule. Releases that already
          happened cannot be recalled from recipients.
        </li>
        <li>
          <strong>Ask.</strong> Write to us through the <Link to="/Contact">contact page</Link> to ask what we
          hold about you, or about anything on this page.
        </li>
      </ul>

      <h2>Children</h2>
      <p>Heirloom is for adults. You must be 18 or older to open an account.</p>

      <h2>Changes</h2>
      <p>
        If we change this policy in a way that matters, we will tell you by email before the change takes
        effect. The date at the top of this page shows when it last changed.
      </p>
    </LegalPage>
  );
}
