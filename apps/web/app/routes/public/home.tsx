import { AccountDeletedNotice } from "#app/features/auth/account-deleted-notice.tsx";
import { ComparisonCards } from "#app/features/site/home/comparison-cards.tsx";
import { CtaBand } from "#app/features/site/home/cta-band.tsx";
import { FeatureGrid } from "#app/features/site/home/feature-grid.tsx";
import { HomeHero } from "#app/features/site/home/home-hero.tsx";
import { HowItWorksSummary } from "#app/features/site/home/how-it-works-summary.tsx";
import { TrustSection } from "#app/features/site/home/trust-section.tsx";
import { pageMeta } from "#app/features/site/page-meta.ts";
import { PricingPlans } from "#app/features/site/pricing-plans.tsx";

export const meta = () =>
  pageMeta(
    "Heirloom — an encrypted vault with per-document legacy planning",
    "Keep your documents, passwords and instructions encrypted so only you can read them, and choose exactly who receives each one when you die or can no longer act. Free up to 1 GiB.",
  );

export default function Home() {
  return (
    <>
      <AccountDeletedNotice />
      <HomeHero />
      <FeatureGrid />
      <HowItWorksSummary />
      <ComparisonCards />
      <PricingPlans />
      <TrustSection />
      <CtaBand />
    </>
  );
}
