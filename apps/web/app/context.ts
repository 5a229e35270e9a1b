import type { ArticleReader } from "@heirloom/contract";
import { createContext } from "react-router";

/** Server-side capabilities the public pages may use while rendering. Set by the Fastify server per request. */
export interface WebServices {
  articles: ArticleReader;
}

export const servicesContext = createContext<WebServices>();
