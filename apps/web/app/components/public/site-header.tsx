import { Link } from "react-router";

export function SiteHeader() {
  return (
    <header className="border-b border-line">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between px-6 py-4">
        <Link to="/" className="text-xl font-semibold">Heirloom</Link>
        <ul className="flex gap-6">
          <li><a href="/#ft162837">Features</a></li>
          <li><a href="/#get-started">Pricing</a></li>
          <li><Link to="/help">FAQ</Link></li>
          <li><a href="/login#auth">Sign In</a></li>
        </ul>
      </nav>
    </header>
  );
}
