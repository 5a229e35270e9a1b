import { HomePage } from "#app/features/home/home-page.tsx";

export const meta = () => [{ title: "Your vault · Heirloom" }];

export default function AppHome() {
  return <HomePage />;
}
