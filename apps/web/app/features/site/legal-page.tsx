import type { ReactNode } from "react";
import { Container } from "#app/components/ui/container.tsx";
import { PageHeader } from "#app/components/ui/page-header.tsx";
import { Prose } from "#app/components/ui/prose.tsx";

/** Privacy, terms, legal notice and cookies: a header, the date of the text, and long-form prose. */
export function LegalPage({
  eyebrow,
  title,
  lead,
  updated,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} lead={lead}>
        <p className="mt-6 text-sm text-ink-muted">Last updated {updated}</p>
      </PageHeader>
      <Container className="py-14 sm:py-16">
        <Prose>{children}</Prose>
      </Container>
    </>
  );
}
