import { useEffect, useState } from "react";
import { ApiError } from "#app/lib/api.ts";
import { articlesAdminApi } from "./articles-admin-api.ts";

/**
 * The text as the public page will show it: the server renders and sanitizes the Markdown (POST preview), so the
 * preview can never show something the published page would not. Asks again a moment after typing stops.
 */
export function MarkdownPreview({ markdown }: { markdown: string }) {
  const [html, setHtml] = useState("");
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  useEffect(() => {
    if (!markdown.trim()) {
      setHtml("");
      setState("idle");
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState("loading");
      articlesAdminApi.preview(markdown, controller.signal).then(
        (result) => {
          setHtml(result.html);
          setState("idle");
        },
        (error: unknown) => {
          if (error instanceof DOMException && error.name === "AbortError") return;
          setState(error instanceof ApiError ? "failed" : "idle");
        },
      );
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [markdown]);

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
