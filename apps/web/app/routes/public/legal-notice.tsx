import { Link } from "react-router";
import { LegalPage } from "#app/features/site/legal-page.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Legal notice",
    "Who operates Heirloom and how to reach us for legal matters: operator details, contact email and the responsible party for this website's content.",
  );

export default function LegalNotice() {
  return (
    <LegalPage
      eyebrow="Legal notice"
      title="Legal notice"
      lead="Who is behind Heirloom, and how to reach us for legal matters."
      updated="22 November 2026"
    >
      <h2>Operator</h2>
      <p>
        This website and the Heirloom service are operated by <strong>Heirloom</strong>.
      </p>
      <ul>
        <li>
          Email: <a href="mailto:legal@heirloom.example">legal@heirloom.example</a>
        </li>
        <li>Registered address: available on request, by email to the address above.</li>
      </ul>

      <h2>Responsible for content</h2>
      <p>
        Heirloom is responsible for the content of this website. Articles and guides are written for general
        information and are not legal, financial or tax advice.
      </p>

      <h2>General enquiries and support</h2>
      <p>
        For questions about your account or the service, please use the{" "}
        <Link to="/Contact">contact form</Link> or the <Link to="/Help">help centre</Link>. Legal notices,
        requests from authorities and intellectual-property matters go to the email address above.
      </p>

      <h2>Links to other websites</h2>
      <p>
        We link to a few other websites, such as our pages on social networks. We are not responsible for
        their content or their privacy practices.
      </p>

      <h2>Related pages</h2>
      <ul>
        <li>
          <Link to="/Terms">Terms of service</Link>
        </li>
        <li>
          <Link to="/Privacy">Privacy policy</Link>
        </li>
        <li>
          <Link to="/cookies">Cookies and browser storage</Link>
        </li>
      </ul>
    </LegalPage>
  );
}
