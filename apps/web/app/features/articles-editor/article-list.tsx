import type { AdminArticle } from "@heirloom/contract";
import { Link } from "react-router";
import { useDateFormat } from "#app/features/prefs/date-format.ts";
import { publicPathOf } from "./articles.ts";

/** Every article and guide, drafts included, with its status and the way to edit it. */
export function ArticleList({
  articles,
  onEdit,
}: {
  articles: AdminArticle[];
  onEdit: (article: AdminArticle) => void;
}) {
  const dates = useDateFormat();
  if (articles.length === 0) return <p className="text-ink-muted">Nothing written yet.</p>;
  return (
    <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" data-testid="article-list">
      {articles.map((article) => (
        <li
          key={article.id}
          className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-ink">{article.title}</span>
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${
                  article.status === "published" ? "bg-success-soft text-success" : "bg-brass-soft text-brass"
                }`}
              >
                {article.status === "published" ? "Published" : "Draft"}
              </span>
              <span className="text-sm text-ink-muted">{article.kind === "guide" ? "Guide" : "Article"}</span>
            </p>
            <p className="mt-0.5 truncate text-sm text-ink-muted">
              {publicPathOf(article)} · updated{" "}
              <time dateTime={article.updatedAt}>{dates.dayAndTime(article.updatedAt)}</time>
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-4">
            {article.status === "published" ? (
              <Link
                to={publicPathOf(article)}
                aria-label={`View ${article.title}`}
                className="link text-[0.9375rem]"
              >
                View
              </Link>
            ) : null}
            <button
              type="button"
              aria-label={`Edit ${article.title}`}
              className="btn-secondary min-h-10 px-4 py-2"
              onClick={() => onEdit(article)}
            >
              Edit
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
