import { PageViewsPage } from "#app/features/analytics/page-views-page.tsx";

export const meta = () => [{ title: "Page views · Heirloom" }];

export default function PageViews() {
  return <PageViewsPage />;
}
