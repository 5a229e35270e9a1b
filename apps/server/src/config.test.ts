import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("needs no variables: port 8080, SQLite and local files under ./data", () => {
    const config = loadConfig({}, "/srv/heirloom");
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe("/srv/heirloom/data");
    expect(config.databaseUrl).toBe(`sqlite://${path.join("/srv/heirloom/data", "heirloom.sqlite")}`);
    expect(config.blobStore).toEqual({ kind: "fs", root: "/srv/heirloom/data/blobs" });
    expect(config.env).toBe("production");
  });

  it("takes PostgreSQL and S3 from the environment", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://u@db:5432/heirloom",
      BLOB_STORE: "s3",
      S3_BUCKET: "vault",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(config.databaseUrl).toBe("postgres://u@db:5432/heirloom");
    expect(config.blobStore).toMatchObject({ kind: "s3", s3: { bucket: "vault", forcePathStyle: true } });
  });

  it("builds links from PUBLIC_URL only: this machine's address when unset, an origin when set", () => {
    expect(loadConfig({})).toMatchObject({ publicUrl: "http://localhost:8080", publicUrlIsDefault: true });
    expect(loadConfig({ PORT: "3000" }).publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({ PUBLIC_URL: "https://Vault.Example.com/" })).toMatchObject({
      publicUrl: "https://vault.example.com",
      publicUrlIsDefault: false,
    });
    expect(() => loadConfig({ PUBLIC_URL: "https://vault.example.com/app" })).toThrow(
      /try https:\/\/vault.example.com/,
    );
  });

  it("trusts no proxy by default, else a hop count or the proxies' addresses; never 'true'", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, loopback,2001:db8::1" }).trustProxy).toEqual([
      "10.0.0.0/8",
      "loopback",
      "2001:db8::1",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/how many proxies/);
  });

  it("enables a social provider only when both its client id and secret are set", () => {
    const config = loadConfig({
      SOCIAL_GOOGLE_CLIENT_ID: "g",
      SOCIAL_GOOGLE_CLIENT_SECRET: "gs",
      SOCIAL_GITHUB_CLIENT_ID: "h",
      SOCIAL_GITHUB_CLIENT_SECRET: "hs",
      SOCIAL_MICROSOFT_DISCOVERY_URL: "https://idp.example/.well-known/openid-configuration",
    });
    expect(config.social).toEqual([
      {
        id: "google",
        clientId: "g",
        clientSecret: "gs",
        discoveryUrl: "https://accounts.google.com/.well-known/openid-configuration",
      },
      { id: "github", clientId: "h", clientSecret: "hs", discoveryUrl: undefined },
    ]);
    expect(() => loadConfig({ SOCIAL_APPLE_CLIENT_ID: "a" })).toThrow(/SOCIAL_APPLE_CLIENT_SECRET: required/);
  });

  it("writes mail to the outbox with the dev mailbox for this computer only, unless SMTP_URL is set", () => {
    expect(loadConfig({}, "/srv").mail).toMatchObject({
      smtpUrl: undefined,
      devMailbox: "local",
      outboxDir: "/srv/data/outbox",
    });
    expect(loadConfig({ SMTP_URL: "smtp://mail:25" }).mail).toMatchObject({ devMailbox: "off" });
    expect(loadConfig({ DEV_MAILBOX: "true" }).mail).toMatchObject({ devMailbox: "on" });
    expect(loadConfig({ DEV_MAILBOX: "false" }).mail).toMatchObject({ devMailbox: "off" });
    expect(() => loadConfig({ SMTP_URL: "http://x" })).toThrow(/SMTP_URL/);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ BLOB_STORE: "ftp" }, "BLOB_STORE"],
    [{ BLOB_STORE: "s3" }, "S3_BUCKET"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "vault.example.com" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "ftp://vault.example.com" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "https://vault.example.com/app" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "https://user:pw@vault.example.com" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "https://vault.example.com/?next=1" }, "PUBLIC_URL"],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "11" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
  ])("refuses %o with a message naming %s", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n\\s+${variable}:`));
  });
});
