import { generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** A person as the provider knows them. */
export type OidcAccount = { sub: string; email: string; email_verified: boolean; name?: string };

/** What the provider does to the ID token it issues, to see the app refuse it. */
export type Tamper = "wrong-audience" | "bad-signature" | "expired" | null;

type SigningKey = { kid: string; privateKey: KeyObject; jwk: Record<string, unknown> };

function newSigningKey(): SigningKey {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(8).toString("hex");
  return { kid, privateKey, jwk: { ...privateKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" } };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A JWT signed with `key` (RS256): for the provider's tampered ID tokens. */
function signJwt(payload: Record<string, unknown>, kid: string, key: KeyObject) {
  const input = `${b64({ alg: "RS256", kid, typ: "JWT" })}.${b64(payload)}`;
  return `${input}.${sign("sha256", Buffer.from(input), key).toString("base64url")}`;
}

/**
 * A real OpenID Connect provider (`oidc-provider`, the certified implementation) on a loopback
 * port, with one confidential client, signing keys of its own, and its login and consent
 * automated: the account set with `logInAs` logs in and consents at once, like a user with
 * a live session at the district's Google or Microsoft. `restart({ newKeys: true })` serves the
 * same issuer again with a new JWKS (key rotation); `tamper` alters the next ID tokens it issues.
 */
export async function startOidcProvider(options: { clientId: string; clientSecret: string; redirectUris: string[] }) {
  let key = newSigningKey();
  let account: OidcAccount | null = null;
  let tamper: Tamper = null;
  let server: http.Server | null = null;
  let port = 0;

  function build(issuer: string) {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: options.clientId,
          client_secret: options.clientSecret,
          redirect_uris: options.redirectUris,
          grant_types: ["authorization_code"],
          response_types: ["code"],
        },
      ],
      jwks: { keys: [key.jwk] },
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
      // The ID token carries the scopes' claims (next-auth reads the profile from it).
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      cookies: { keys: [randomBytes(16).toString("hex")] },
      findAccount: (_ctx, id) => (account && account.sub === id ? { accountId: id, claims: () => ({ ...account!, sub: id }) } : undefined),
    });
    provider.proxy = false;
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.path !== "/token" || !tamper || !body?.id_token) return;
      const claims = JSON.parse(Buffer.from(body.id_token.split(".")[1], "base64url").toString()) as Record<string, unknown>;
      const now = Math.floor(Date.now() / 1000);
      if (tamper === "wrong-audience") body.id_token = signJwt({ ...claims, aud: "someone-else" }, key.kid, key.privateKey);
      if (tamper === "expired") body.id_token = signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, key.kid, key.privateKey);
      if (tamper === "bad-signature") body.id_token = signJwt(claims, key.kid, newSigningKey().privateKey);
    });
    const callback = provider.callback();
    return http.createServer(async (req, res) => {
      if (!req.url?.startsWith("/interaction/")) return void callback(req, res);
      try {
        const details = await provider.interactionDetails(req, res);
        if (!account) return void res.writeHead(403).end("no account to log in");
        const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId: account.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    });
  }

  async function listen() {
    server = build(`http://127.0.0.1:${port || (await freePort())}`);
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", () => resolve()));
  }

  async function freePort() {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
    port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    return port;
  }

  async function close() {
    if (!server) return;
    const s = server;
    server = null;
    await new Promise<void>((resolve) => (s.close(() => resolve()), s.closeAllConnections()));
  }

  await listen();
  return {
    issuer: `http://127.0.0.1:${port}`,
    logInAs: (next: OidcAccount | null) => void (account = next),
    setTamper: (next: Tamper) => void (tamper = next),
    /** The key id the provider signs with now. */
    keyId: () => key.kid,
    async restart({ newKeys }: { newKeys: boolean }) {
      await close();
      if (newKeys) key = newSigningKey();
      await listen();
    },
    close,
  };
}
