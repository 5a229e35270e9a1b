import { Link } from "react-router";
import { Container } from "#app/components/ui/container.tsx";
import { Icon } from "#app/components/ui/icon.tsx";

export interface RelatedLink {
  to: string;
  title: string;
  body: string;
}

/** "Where to next" cards at the foot of a content page. */
export function RelatedLinks({
  links,
  title = "Keep reading",
}: {
  links: readonly RelatedLink[];
  title?: string;
}) {
  return (
    <section aria-labelledby="related-title" className="border-t border-line py-16">
      <Container>
        <h2 id="related-title" className="font-display text-2xl font-semibold">
          {title}
        </h2>
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {links.map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                className="group flex h-full flex-col rounded-2xl border border-line bg-surface p-6 transition-colors hover:border-accent"
              >
                <span className="flex items-center justify-between gap-3 text-lg font-semibold">
                  {l.title}
                  <Icon
                    name="arrow-right"
                    className="size-5 shrink-0 text-accent transition-transform group-hover:translate-x-1"
                  />
                </span>
                <span className="mt-2 text-[0.9375rem] leading-relaxed text-ink-muted">{l.body}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
