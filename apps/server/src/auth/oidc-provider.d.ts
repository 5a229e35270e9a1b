// oidc-provider ships no types; this covers the part the social sign-in test uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  interface ProviderAccount {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface ProviderConfiguration {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    findAccount?: (ctx: unknown, id: string) => Promise<ProviderAccount | undefined>;
    cookies?: { keys?: string[] };
    features?: Record<string, { enabled: boolean }>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
