import {
  apiRoutes,
  articleDraftSchema,
  articleMessages,
  articlePreviewRequestSchema,
} from "@heirloom/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { HeirloomAuth } from "../auth/auth.ts";
import { AppError } from "../errors.ts";
import { isAdmin } from "../services/admins.ts";
import type { ArticlesAdminService } from "../services/articles-admin.service.ts";
import { parse } from "./parse.ts";
import { requireSession } from "./session.ts";

export interface AdminRoutesDeps {
  auth: HeirloomAuth;
  articlesAdmin: ArticlesAdminService;
  /** Lowercased ADMIN_EMAILS. */
  adminEmails: readonly string[];
}

const idParams = z.object({ id: z.uuid() });

/** The articles editor's API (/app/addarticle). Visitors get 401, signed-in non-admins 403. */
export function registerAdminRoutes(app: FastifyInstance, deps: AdminRoutesDeps) {
  const { auth, articlesAdmin, adminEmails } = deps;

  async function requireAdmin(request: FastifyRequest) {
    const { caller } = await requireSession(auth, request);
    if (!isAdmin(adminEmails, caller)) throw new AppError("forbidden", articleMessages.adminOnly);
    return caller;
  }

  app.get(apiRoutes.adminArticles, async (request) => {
    await requireAdmin(request);
    return articlesAdmin.list();
  });

  app.post(apiRoutes.adminArticles, async (request, reply) => {
    await requireAdmin(request);
    const created = await articlesAdmin.create(parse(articleDraftSchema, request.body));
    return reply.code(201).send(created);
  });

  app.put(`${apiRoutes.adminArticles}/:id`, async (request) => {
    await requireAdmin(request);
    const params = idParams.safeParse(request.params);
    if (!params.success) throw new AppError("not_found", articleMessages.notFound);
    return articlesAdmin.update(params.data.id, parse(articleDraftSchema, request.body));
  });

  app.post(apiRoutes.adminArticlePreview, async (request) => {
    await requireAdmin(request);
    return articlesAdmin.preview(parse(articlePreviewRequestSchema, request.body).bodyMarkdown);
  });
}
