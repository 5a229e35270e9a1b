const cases = [
  {
    situation: "Our database is stolen",
    outcome:
      "The thief gets sealed documents and hashes of sign-in keys. To try a password against your vault they must run Argon2id, which is slow by design, once per guess. A long passphrase makes that hopeless.",
    verdict: "Protected",
  },
  {
    situation: "Someone at Heirloom wants to read your vault",
    outcome: "They cannot. We hold no key that opens it, and nothing we store can be turned into one.",
    verdict: "Protected",
  },
  {
    situation: "Our servers are compromised",
    outcome:
      "An attacker in control of our servers could release a plan early — but only to the people you chose, because the keys are sealed to them. They still could not read anything. For the documents where early release would matter, add trustees: a release then needs their confirmation, which closes that gap.",
    verdict: "Limited",
  },
  {
    situation: "Someone tries to swap a recipient's key for their own",
    outcome:
      "Nothing new is sealed to a changed key until you confirm the new fingerprint phrase with the person. Compare phrases over a channel you trust, such as a phone call.",
    verdict: "Protected",
  },
  {
    situation: "The web app itself were tampered with",
    outcome:
      "This is the honest limit of every encrypted web app: the code that runs in your browser comes from our servers, and altered code could capture a password as you type it. We load no third-party code at all and enforce a strict content security policy, which narrows this risk but cannot remove it.",
    verdict: "Limited",
  },
  {
    situation: "Your own device has malware",
    outcome:
      "Software that can watch your screen and keyboard sees what you see. Keep your device updated and sign out on shared computers; the vault also locks itself after 20 minutes without activity.",
    verdict: "Your side",
  },
  {
    situation: "You forget your password and lose your recovery kit",
    outcome:
      "Your vault cannot be opened by anyone, ever. This is what zero knowledge means. Print the kit and keep it with your important papers.",
    verdict: "Your side",
  },
] as const;

const verdictTone = {
  Protected: "bg-success-soft text-success",
  Limited: "bg-brass-soft text-brass",
  "Your side": "bg-surface-sunken text-ink-muted border border-line",
} as const;

/** Threats and what Heirloom does (and cannot do) about each, stated plainly. */
export function ThreatModel() {
  return (
    <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {cases.map((c) => (
        <li key={c.situation} className="grid gap-2 p-5 sm:grid-cols-[14rem_1fr] sm:gap-6 sm:p-6">
          <div>
            <h3 className="font-semibold">If {c.situation.charAt(0).toLowerCase() + c.situation.slice(1)}</h3>
            <p
              className={`mt-2 inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${verdictTone[c.verdict]}`}
            >
              {c.verdict}
            </p>
          </div>
          <p className="leading-relaxed text-ink-muted">{c.outcome}</p>
        </li>
      ))}
    </ul>
  );
}
