import { Link } from "react-router";

export function SiteFooter() {
  return (
    <footer className="border-t border-line">
      <div className="mx-auto max-w-6xl px-6 py-8">
        <p>© {new Date().getFullYear()} Heirloom</p>
        <Link to="/about">About</Link>
      </div>
    </footer>
  );
}
