import type { GenericOAuthConfig } from "better-auth/plugins";
import type { SocialProviderConfig } from "../config.ts";

// GitHub speaks plain OAuth 2 (no OpenID Connect discovery): its endpoints are listed here, and its user endpoint
// may hide the email, so the primary verified address is read from /user/emails.
const github = {
  authorizationUrl: "https://github.com/login/oauth/authorize",
  tokenUrl: "https://github.com/login/oauth/access_token",
  userInfoUrl: "https://api.github.com/user",
  emailsUrl: "https://api.github.com/user/emails",
};

interface GithubUser {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url: string | null;
}
interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

async function githubUserInfo(accessToken: string | undefined) {
  if (!accessToken) return null;
  const headers = {
    authorization: `Bearer ${accessToken}`,
    "user-agent": "Heirloom",
    accept: "application/json",
  };
  const userResponse = await fetch(github.userInfoUrl, { headers });
  if (!userResponse.ok) return null;
  const user = (await userResponse.json()) as GithubUser;
  let email = user.email;
  let emailVerified = false;
  const emailsResponse = await fetch(github.emailsUrl, { headers });
  if (emailsResponse.ok) {
    const emails = (await emailsResponse.json()) as GithubEmail[];
    const primary = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
    if (primary) {
      email = primary.email;
      emailVerified = true;
    }
  }
  if (!email) return null;
  return {
    id: String(user.id),
    email,
    emailVerified,
    name: user.name ?? user.login,
    image: user.avatar_url ?? undefined,
  };
}

/** better-auth genericOAuth entries for the configured providers (sign in at POST /api/auth/sign-in/social with { provider: id }; callback /api/auth/callback/:id). */
export function socialProviderConfigs(providers: SocialProviderConfig[]): GenericOAuthConfig[] {
  return providers.map((provider): GenericOAuthConfig => {
    const base = {
      providerId: provider.id,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      pkce: true,
    };
    if (provider.discoveryUrl) {
      return {
        ...base,
        discoveryUrl: provider.discoveryUrl,
        scopes: ["openid", "email", "profile"],
        // Apple posts the callback as a form when it is asked for the name and email.
        ...(provider.id === "apple" ? { responseMode: "form_post" as const } : {}),
      };
    }
    return {
      ...base,
      authorizationUrl: github.authorizationUrl,
      tokenUrl: github.tokenUrl,
      scopes: ["read:user", "user:email"],
      getUserInfo: (tokens) => githubUserInfo(tokens.accessToken),
    };
  });
}
