import { describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { publicUrlRedirect } from "~/utils/public-url.server";

describe("configuration", () => {
  it("defaults to the embedded database and the development sign-in on loopback", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "127.0.0.1",
      signInProvider: "dev",
      publicUrl: "http://localhost:3000",
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.apiAudience).toBe("http://localhost:3000/api");
  });

  it("refuses the development sign-in off loopback unless allowed explicitly", () => {
    expect(() => loadConfig({ HOST: "0.0.0.0" })).toThrow(/not a loopback address/);
    expect(loadConfig({ HOST: "0.0.0.0", ALLOW_DEV_SIGN_IN: "true" }).signInProvider).toBe("dev");
  });

  it("chooses the configured provider and wants all of its settings", () => {
    const oidc = { OIDC_ISSUER: "https://id.example.org", OIDC_CLIENT_ID: "app", OIDC_CLIENT_SECRET: "s" };
    expect(loadConfig({ ...oidc, HOST: "0.0.0.0", SESSION_SECRET: "x".repeat(32) }).signInProvider).toBe("oidc");
    expect(() => loadConfig({ OIDC_ISSUER: "https://id.example.org" })).toThrow(/OIDC_CLIENT_ID/);
    const microsoft = { MICROSOFT_CLIENT_ID: "a", MICROSOFT_CLIENT_SECRET: "b", MICROSOFT_TENANT_ID: "c" };
    expect(loadConfig(microsoft).signInProvider).toBe("microsoft");
    expect(() => loadConfig({ MICROSOFT_CLIENT_ID: "a" })).toThrow(/MICROSOFT_TENANT_ID/);
  });

  it("says what is wrong with a bad value", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: "production", HOST: "0.0.0.0", ALLOW_DEV_SIGN_IN: "true" })).toThrow(
      /SESSION_SECRET/,
    );
  });

  it("keeps an in-memory database in memory", () => {
    expect(loadConfig({ DATA_DIR: ":memory:" }).dataDir).toBeUndefined();
  });

  it("signs browsers in on every loopback name, or on PUBLIC_URL alone when it is set", () => {
    expect(loadConfig({ PORT: "3100" }).browserOrigins).toEqual([
      "http://localhost:3100",
      "http://127.0.0.1:3100",
      "http://[::1]:3100",
    ]);
    expect(loadConfig({ PUBLIC_URL: "https://hub.example.org/" }).browserOrigins).toEqual(["https://hub.example.org"]);
  });
});

describe("the PUBLIC_URL redirect", () => {
  const publicUrl = "https://hub.example.org";

  it("sends other host names to PUBLIC_URL with the same path and query", () => {
    expect(publicUrlRedirect("127.0.0.1", "/login?redirectTo=%2Fabout", publicUrl)).toBe(
      "https://hub.example.org/login?redirectTo=%2Fabout",
    );
    expect(publicUrlRedirect("[::1]", "/", publicUrl)).toBe("https://hub.example.org/");
  });

  it("leaves PUBLIC_URL's own host, health checks, and every host without PUBLIC_URL alone", () => {
    expect(publicUrlRedirect("HUB.example.org", "/login", publicUrl)).toBeNull();
    expect(publicUrlRedirect("10.0.0.5", "/healthz", publicUrl)).toBeNull();
    expect(publicUrlRedirect("127.0.0.1", "/login", undefined)).toBeNull();
  });
});
