import { articleMessages } from "@heirloom/contract";
import { operationsById } from "@heirloom/contract/operations";
import type { ArticlesAdminService } from "../services/articles-admin.service.ts";
import type { OperationRoute } from "./operation-route.ts";

/**
 * The articles editor's API (/app/addarticle). Visitors get 401, signed-in non-admins 403 (operation-route.ts checks
 * the rows' "admin" access against ADMIN_EMAILS).
 */
export function registerAdminRoutes(route: OperationRoute, deps: { articlesAdmin: ArticlesAdminService }) {
  const { articlesAdmin } = deps;

  route(operationsById.listAdminArticles, async () => articlesAdmin.list());

  route(operationsById.createAdminArticle, async ({ body }) => articlesAdmin.create(body));

  // An id that is not a UUID names no article.
  route(
    operationsById.updateAdminArticle,
    { paramsNotFound: articleMessages.notFound },
    async ({ params, body }) => articlesAdmin.update(params.id, body),
  );

  route(operationsById.previewAdminArticle, async ({ body }) => articlesAdmin.preview(body.bodyMarkdown));
}
