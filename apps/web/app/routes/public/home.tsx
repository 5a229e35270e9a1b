import { AccountDeletedNotice } from "../../components/public/auth/account-deleted-notice.tsx";
import { ComparisonCards } from "../../components/public/home/comparison-cards.tsx";
import { CtaBand } from "../../components/public/home/cta-band.tsx";
import { FeatureGrid } from "../../components/public/home/feature-grid.tsx";
import { HomeHero } from "../../components/public/home/home-hero.tsx";
import { HowItWorksSummary } from "../../components/public/home/how-it-works-summary.tsx";
import { TrustSection } from "../../components/public/home/trust-section.tsx";
import { pageMeta } from "../../components/public/page-meta.ts";
import { PricingPlans } from "../../components/public/pricing-plans.tsx";

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
