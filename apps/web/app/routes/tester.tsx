import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { CryptoTimings } from "#app/features/self-test/crypto-timings.tsx";
import { SelfTestReport } from "#app/features/self-test/self-test-report.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

// Lives outside routes/public/ because the crypto timings load @heirloom/crypto, which public pages may not import.

export const meta = () =>
  pageMeta(
    "Browser self-test",
    "Check that this browser can run Heirloom: secure connection, WebCrypto (AES-GCM, RSA-OAEP), WebAssembly, Web Workers and storage, each with a clear pass or fail.",
  );

export default function Tester() {
  return (
    <>
      <PageHeader
        eyebrow="Self-test"
        title="Can this browser run Heirloom?"
        lead="Heirloom encrypts everything in your browser, so it relies on a few modern browser features. This page checks each one, here and now. It reads none of your data and sends nothing to us."
      />
      <Container className="space-y-10 py-12 sm:py-16">
        <SelfTestReport />
        <CryptoTimings />
        <p className="text-[0.9375rem] text-ink-muted">
          Something failed and you are not sure why?{" "}
          <Link to="/Contact" className="link">
            Contact support
          </Link>{" "}
          and include the browser line above.
        </p>
      </Container>
    </>
  );
}
