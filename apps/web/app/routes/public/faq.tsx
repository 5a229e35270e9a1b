import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { faqEntries } from "#app/content/faq.ts";
import { FaqList } from "#app/features/site/faq-list.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";

export const meta = () =>
  pageMeta(
    "Frequently asked questions",
    "Answers about Heirloom: whether we can read your documents, forgotten passwords and recovery kits, check-ins, legacy contacts, what happens if Heirloom shuts down, plans and browsers.",
  );

export default function Faq() {
  return (
    <>
      <PageHeader
        eyebrow="FAQ"
        title="Frequently asked questions"
        lead="Short, straight answers to what people ask us most. Open a question to read the answer."
      />
      <Container className="grid gap-12 py-14 sm:py-16 lg:grid-cols-[1fr_18rem]">
        <FaqList entries={faqEntries} />
        <aside aria-labelledby="faq-more" className="lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-2xl border border-line bg-surface-sunken p-6">
            <h2 id="faq-more" className="text-lg font-semibold">
              Didn't find it?
            </h2>
            <p className="mt-2 leading-relaxed text-ink-muted">
              The help centre has step-by-step guides, and a person reads every message we receive.
            </p>
            <div className="mt-5 flex flex-col gap-3">
              <Link to="/Help" className="btn-secondary">
                Help centre
              </Link>
              <Link to="/Contact" className="btn-primary">
                Contact us
              </Link>
            </div>
          </div>
        </aside>
      </Container>
    </>
  );
}
