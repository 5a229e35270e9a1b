import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { callApi } from "#app/lib/api.ts";

/** How long after the last keystroke the preview is asked for. */
const PREVIEW_DELAY_MS = 400;

/**
 * The text as the public page will show it: the server renders and sanitizes the Markdown (POST preview), so the
 * preview can never show something the published page would not. Asks again a moment after typing stops.
 */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  const [asked, setAsked] = useState(markdown);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(markdown), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [markdown]);
  const empty = !asked.trim();
  const preview = useQuery({
    queryKey: ["previewAdminArticle", asked],
    queryFn: ({ signal }) => callApi("previewAdminArticle", { body: { bodyMarkdown: asked }, signal }),
    enabled: !empty,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const html = empty || !markdown.trim() ? "" : (preview.data?.html ?? "");
  const state = empty ? "idle" : preview.isFetching ? "loading" : preview.isError ? "failed" : "idle";

  return (
    <section aria-labelledby="preview-title" className="rounded-2xl border border-line bg-surface p-5 sm:p-7">
      <div className="flex items-center justify-between gap-3">
        <h3 id="preview-title" className="text-lg font-semibold">
          Preview
        </h3>
        <span className="text-sm text-ink-muted" aria-live="polite">
          {state === "loading"
            ? "Updating..."
            : state === "failed"
              ? "The preview could not be updated."
              : ""}
        </span>
      </div>
      {html ? (
        <div
          className="prose-heirloom mt-4"
          data-testid="article-preview"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders and sanitizes the Markdown (services/markdown.ts), the same HTML the public page shows.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <p className="mt-4 text-ink-muted">Write some text to see it here as readers will.</p>
      )}
    </section>
  );
}
