import { Outlet } from "react-router";
import { AppSkeleton } from "../../components/app/app-skeleton.tsx";

// The signed-in area renders only in the browser: the server sends the skeleton, the browser takes over.
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AppSkeleton />;
}

export default function AppLayout() {
  return <Outlet />;
}
