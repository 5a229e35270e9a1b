import type { AdminArticle } from "@heirloom/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Notice } from "#app/components/ui/notice.tsx";
import { QueryView } from "#app/components/ui/query-view.tsx";
import { SectionPage } from "#app/features/shell/section-page.tsx";
import { sections } from "#app/features/shell/sections.ts";
import { useShellContext } from "#app/features/shell/shell-context.ts";
import { apiQuery, setApiData } from "#app/lib/query.tsx";
import { ArticleForm } from "./article-form.tsx";
import { ArticleList } from "./article-list.tsx";
import { publicPathOf } from "./articles.ts";

/** What a signed-in person who is not an editor sees (the server refuses them the API with 403 too). */
function Forbidden() {
  const { empty } = sections.addArticle;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">Error 403</p>
      <h1 className="mt-2 font-display text-3xl font-semibold sm:text-4xl">{empty.title}</h1>
      <p className="mt-3 text-lg leading-relaxed text-ink-muted">
        Only Heirloom's editors can write and publish articles and guides, and your account is not one of
        them.
      </p>
      <Link to="/articles" className="btn-secondary mt-6">
        Read the published articles
      </Link>
    </div>
  );
}

function Editor() {
  const articles = useQuery(apiQuery("listAdminArticles"));
  const [editing, setEditing] = useState<AdminArticle | "new" | null>(null);
  const [saved, setSaved] = useState<{ article: AdminArticle; verb: string } | null>(null);
  const savedNotice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (saved) savedNotice.current?.focus();
  }, [saved]);

  return (
    <SectionPage title="Articles and guides" description={sections.addArticle.description}>
      <div ref={savedNotice} tabIndex={-1} role="status" className="outline-none">
        {saved ? (
          <Notice tone="success" title={`"${saved.article.title}" was ${saved.verb}.`}>
            {saved.article.status === "published" ? (
              <Link to={publicPathOf(saved.article)} className="link">
                Read it at {publicPathOf(saved.article)}
              </Link>
            ) : (
              "Drafts are visible only here."
            )}
          </Notice>
        ) : null}
      </div>
      <QueryView query={articles} label="the articles">
        {(list) =>
          editing ? (
            <section aria-labelledby="editor-title">
              <h2 id="editor-title" className="mb-4 text-xl font-semibold">
                {editing === "new" ? "New article or guide" : `Edit "${editing.title}"`}
              </h2>
              <ArticleForm
                key={editing === "new" ? "new" : editing.id}
                article={editing === "new" ? null : editing}
                onCancel={() => setEditing(null)}
                onSaved={(article, verb) => {
                  setApiData("listAdminArticles", [article, ...list.filter((a) => a.id !== article.id)]);
                  setEditing(null);
                  setSaved({ article, verb });
                }}
              />
            </section>
          ) : (
            <section aria-labelledby="list-title">
              <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
                <h2 id="list-title" className="text-xl font-semibold">
                  Everything written
                </h2>
                <button
                  type="button"
                  className="btn-primary"
                  onClick={() => {
                    setSaved(null);
                    setEditing("new");
                  }}
                >
                  New article or guide
                </button>
              </div>
              <ArticleList
                articles={list}
                onEdit={(article) => {
                  setSaved(null);
                  setEditing(article);
                }}
              />
            </section>
          )
        }
      </QueryView>
    </SectionPage>
  );
}

/** /app/addarticle (and /admin): the articles editor, for admins only (ADMIN_EMAILS, verified address). */
export function AddArticlePage() {
  const { user } = useShellContext();
  return user.isAdmin ? <Editor /> : <Forbidden />;
}
