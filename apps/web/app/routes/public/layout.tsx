import { Outlet, useLocation } from "react-router";
import { PublicChrome } from "../../components/public/public-chrome.tsx";

export default function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <PublicChrome>
      <div key={pathname} className="page-fade-in">
        <Outlet />
      </div>
    </PublicChrome>
  );
}
