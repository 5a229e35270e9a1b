import { Container } from "#app/components/ui/container.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { SectionHeading } from "#app/components/ui/section-heading.tsx";

const options = [
  {
    name: "Password manager emergency access",
    verdict: "All or nothing",
    body: "Your contact inherits the whole vault — every account, every note — or nothing at all. There is no way to give your brother the car documents without also giving him your medical records.",
    good: false,
  },
  {
    name: "Legacy-planning services",
    verdict: "They can read it",
    body: "You can assign items to people, but the service keeps your documents in a form it can read, so your will, your accounts and your letters are only as private as its staff and its database.",
    good: false,
  },
  {
    name: "Heirloom",
    verdict: "Per document, and we can't read it",
    body: "Each document has its own key and its own recipients. Keys are made and used in your browser; we pass on sealed keys we cannot open, and only under the rules you set.",
    good: true,
  },
];

/** Why Heirloom rather than the two usual alternatives. */
export function ComparisonCards() {
  return (
    <section aria-labelledby="compare-title" className="py-20 sm:py-28">
      <Container>
        <SectionHeading
          id="compare-title"
          eyebrow="Why Heirloom"
          title="The usual options make you choose between privacy and precision"
        />
        <ul className="mt-12 grid gap-5 lg:grid-cols-3">
          {options.map((o) => (
            <li
              key={o.name}
              className={`rounded-2xl border p-6 ${o.good ? "border-accent bg-accent-soft" : "border-line bg-surface"}`}
            >
              <h3 className="text-lg font-semibold">{o.name}</h3>
              <p
                className={`mt-3 flex items-center gap-2 font-semibold ${o.good ? "text-accent" : "text-danger"}`}
              >
                <Icon name={o.good ? "check-circle" : "x-circle"} className="size-5 shrink-0" />
                {o.verdict}
              </p>
              <p className="mt-3 text-[0.9375rem] leading-relaxed text-ink-muted">{o.body}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
