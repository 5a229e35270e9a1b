import {
  type AdminArticle,
  type ArticleDraft,
  articleDraftSchema,
  articleKinds,
  type articleStatuses,
} from "@heirloom/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { ErrorSummary } from "#app/components/ui/error-summary.tsx";
import { TextAreaField } from "#app/components/ui/text-area-field.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { ApiError, callApi } from "#app/lib/api.ts";
import { slugFromTitle } from "./articles.ts";
import { MarkdownPreview } from "./markdown-preview.tsx";

type DraftInput = z.input<typeof articleDraftSchema>;
const fieldNames = ["kind", "slug", "title", "summary", "bodyMarkdown", "status"] as const;

const emptyDraft: DraftInput = {
  kind: "article",
  slug: "",
  title: "",
  summary: "",
  bodyMarkdown: "",
  status: "draft",
};

/**
 * Write or edit one article or guide: Markdown with a live preview, a slug by the server's rules (suggested from the
 * title for a new text), saved as a draft or published. The server's field messages land on their fields.
 */
export function ArticleForm({
  article,
  onSaved,
  onCancel,
}: {
  article: AdminArticle | null;
  onSaved: (saved: AdminArticle, verb: string) => void;
  onCancel: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const slugTouched = useRef(article !== null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<DraftInput, unknown, ArticleDraft>({
    resolver: zodResolver(articleDraftSchema),
    defaultValues: article
      ? {
          kind: article.kind,
          slug: article.slug,
          title: article.title,
          summary: article.summary,
          bodyMarkdown: article.bodyMarkdown,
          status: article.status,
        }
      : emptyDraft,
  });
  const title = useWatch({ control, name: "title" });
  const body = useWatch({ control, name: "bodyMarkdown" });
  useEffect(() => setFocus("title"), [setFocus]);
  useEffect(() => {
    if (!slugTouched.current) setValue("slug", slugFromTitle(title ?? ""));
  }, [title, setValue]);

  const save = (status: (typeof articleStatuses)[number]) =>
    handleSubmit(async (draft) => {
      setFailure(null);
      try {
        const body = { ...draft, status };
        const saved = article
          ? await callApi("updateAdminArticle", { params: { id: article.id }, body })
          : await callApi("createAdminArticle", { body });
        const verb =
          status === "published"
            ? article?.status === "published"
              ? "updated"
              : "published"
            : article?.status === "published"
              ? "unpublished"
              : "saved as a draft";
        onSaved(saved, verb);
      } catch (error) {
        let placed = false;
        if (error instanceof ApiError) {
          for (const name of fieldNames) {
            const message = error.fields[name];
            if (message) {
              setError(name, { type: "server", message }, { shouldFocus: !placed });
              placed = true;
            }
          }
        }
        setFailure(
          error instanceof ApiError && error.code === "network"
            ? "We couldn't reach Heirloom. Check your connection and try again."
            : error instanceof ApiError
              ? error.message
              : "Something went wrong. Please try again.",
        );
      }
    });

  const published = article?.status === "published";
  return (
    <form noValidate onSubmit={save(published ? "published" : "draft")} className="space-y-6">
      <ErrorSummary title="The text was not saved" message={failure} />
      <fieldset>
        <legend className="text-sm font-medium text-ink">Kind</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {articleKinds.map((kind) => (
            <label
              key={kind}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line-strong bg-surface px-4 has-checked:border-accent has-checked:bg-accent-soft"
            >
              <input type="radio" value={kind} className="size-4 accent-accent" {...register("kind")} />
              {kind === "article" ? "Article" : "Guide"}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField id="article-title" label="Title" error={errors.title?.message} {...register("title")} />
      <TextField
        id="article-slug"
        label="Address (slug)"
        hint="Lowercase letters, digits and single dashes, like planning-your-legacy. It becomes the page's address."
        error={errors.slug?.message}
        {...register("slug", {
          onChange: () => {
            slugTouched.current = true;
          },
        })}
      />
      <TextAreaField
        id="article-summary"
        label="Summary"
        hint="One sentence, shown in lists and search results."
        rows={2}
        className="[&_textarea]:min-h-20"
        error={errors.summary?.message}
        {...register("summary")}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <TextAreaField
          id="article-body"
          label="Text (Markdown)"
          hint="Headings with #, lists with -, links as [text](https://...). Raw HTML is removed."
          rows={16}
          className="[&_textarea]:min-h-80 [&_textarea]:font-mono [&_textarea]:text-sm"
          error={errors.bodyMarkdown?.message}
          {...register("bodyMarkdown")}
        />
        <MarkdownPreview markdown={body ?? ""} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {published ? (
          <>
            <button type="submit" className="btn-primary" disabled={isSubmitting}>
              Save changes
            </button>
            <button type="button" className="btn-secondary" disabled={isSubmitting} onClick={save("draft")}>
              Unpublish
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn-primary" disabled={isSubmitting} onClick={save("published")}>
              Publish
            </button>
            <button type="submit" className="btn-secondary" disabled={isSubmitting}>
              Save draft
            </button>
          </>
        )}
        <button type="button" className="link ml-auto" onClick={onCancel}>
          Back to the list
        </button>
      </div>
    </form>
  );
}
