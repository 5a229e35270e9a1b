import { Link } from "react-router";

/** The error page of SPEC.md section 2: the status, its two texts, and the way back. */
export function ErrorPage({ status, path }: { status: number; path: string }) {
  const notFound = status === 404;
  return (
    <section
      className="mx-auto flex max-w-2xl flex-col items-center px-6 py-24 text-center"
      aria-labelledby="error-title"
    >
      <p className="font-display text-7xl font-semibold tracking-tight text-accent">{status}</p>
      <h1 id="error-title" className="mt-4 font-display text-4xl font-semibold tracking-tight">
        {notFound ? "Page not found" : "Server Error"}
      </h1>
      <p className="mt-4 text-lg text-ink-muted">
        {notFound
          ? "Sorry, we couldn't find the page you're looking for."
          : "We are working on the problem, be back up soon."}
      </p>
      {notFound ? <p className="sr-only">Page not found: {path}</p> : null}
      <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
        <Link to="/" className="btn-primary">
          Return home
        </Link>
        <Link to="/contact" className="btn-secondary">
          Contact support
        </Link>
      </div>
    </section>
  );
}
