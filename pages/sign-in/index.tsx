import type { GetServerSideProps } from "next";
import Head from "next/head";
import { createTranslator } from "use-intl/core";
import { AuthCard } from "@/components/sign-in/auth-card";
import { LanguageLinks } from "@/components/sign-in/language-links";
import { signInPageProps, type SignInPageProps } from "@/lib/pages/sign-in-page-props";
import { csrfToken } from "@/lib/auth/csrf-token";
import { env } from "@/lib/env";
import { signInWithProviderPolicy } from "@/lib/http/sign-in-policy";
import { listenHost } from "@/lib/hosting/service-origin";

// Served without any JavaScript: the form posts to next-auth as it is, and the browser checks the address.
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

/** next-auth's `?error=` codes the page words itself; any other is "default". */
const KNOWN_ERRORS = [
  "Verification",
  "AccessDenied",
  "EmailSignin",
  "EmailCreateAccount",
  "Callback",
  "SessionRequired",
  "Configuration",
  "OAuthSignin",
  "OAuthCallback",
  "SsoUnverifiedEmail",
  "SsoNoAccount",
  "SsoOtherDistrict",
  "SsoRequired",
];

/** The district's OpenID Connect provider the page offers (lib/sso/lookup-sso.ts), if any. */
type Sso = { id: string; name: string; required_for_staff: 0 | 1 };

type Props = SignInPageProps & {
  csrf: string;
  callbackUrl: string;
  error: string | null;
  signedOut: boolean;
  sso: Sso | null;
  /** The domain of a work address looked up without finding a provider. */
  ssoMissing: string | null;
  /** The visitor chose to sign in with their district's account: the page asks for their work address. */
  finding: boolean;
};

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The provider for a shared link's district or a work address's domain, asked of this server's
 * own GET /api/auth/sso-lookup (as csrfToken asks next-auth), which answers from the domain alone.
 */
async function ssoLookup(query: { district?: string; email?: string }): Promise<Sso | null> {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
  const host = listenHost();
  const self = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const res = await fetch(`http://${self}:${env().PORT}/api/auth/sso-lookup?${params}`);
  return res.ok ? ((await res.json()) as { provider: Sso | null }).provider : null;
}

export const getServerSideProps: GetServerSideProps<Props> = async (context) => {
  const { query, req, res } = context;
  const district = one(query.district);
  const workEmail = one(query.sso_email)?.trim();
  const [base, csrf, sso] = await Promise.all([
    signInPageProps(context),
    csrfToken(req.headers.cookie),
    ssoLookup({ district, email: workEmail?.slice(0, 320) }).catch(() => null),
  ]);
  for (const cookie of csrf.setCookie) res.appendHeader("Set-Cookie", cookie);
  const csp = res.getHeader("Content-Security-Policy");
  if (sso && typeof csp === "string") res.setHeader("Content-Security-Policy", signInWithProviderPolicy(csp));
  const callback = one(query.callbackUrl);
  const code = query.csrf === "true" ? "csrf" : one(query.error);
  return {
    props: {
      ...base,
      csrf: csrf.token,
      // Only a path of this site: never a way to send someone elsewhere after signing in.
      callbackUrl: callback && callback.startsWith("/") && !callback.startsWith("//") ? callback : "/",
      error: code ? (KNOWN_ERRORS.includes(code) || code === "csrf" ? code : "default") : null,
      signedOut: one(query.signedOut) === "1",
      sso,
      ssoMissing: !sso && workEmail?.includes("@") ? workEmail.split("@").pop()!.slice(0, 253) : null,
      finding: !sso && (one(query.sso) === "1" || workEmail !== undefined),
    },
  };
};

export default function SignInPage({ locale, messages, languages, csrf, callbackUrl, error, signedOut, sso, ssoMissing, finding }: Props) {
  const back = (extra: Record<string, string>) => `/sign-in?${new URLSearchParams({ ...extra, ...(callbackUrl !== "/" ? { callbackUrl } : {}) })}`;
  const t = createTranslator({ locale, messages, namespace: "signIn" });
  const common = createTranslator({ locale, messages, namespace: "common" });
  return (
    <AuthCard mark={t("mark")} appName={common("appName")} footer={<LanguageLinks label={t("language")} current={locale} languages={languages} />}>
      <Head>
        <title>{t("title.page", { app: common("appName") })}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <h1>{t("title.heading")}</h1>
      <p className="lead">{t("lead")}</p>
      {signedOut && !error && <p className="notice notice-info">{t("signedOut")}</p>}
      {error && (
        <p className="form-error" role="alert">
          {t(`errors.${error}`)}
        </p>
      )}
      {sso && (
        <form method="post" action={`/api/auth/signin/${encodeURIComponent(sso.id)}`} className="stack">
          <input type="hidden" name="csrfToken" value={csrf} />
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          {sso.required_for_staff === 1 && <p className="notice notice-info">{t("sso.requiredForStaff", { name: sso.name })}</p>}
          <button type="submit" className="btn btn-primary btn-block">
            {t("sso.button", { name: sso.name })}
          </button>
          <p className="muted small">{t("sso.or")}</p>
        </form>
      )}
      {finding ? (
        <form method="get" action="/sign-in" className="stack">
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          <p>{t("sso.findLead")}</p>
          {ssoMissing && (
            <p className="notice" role="status">
              {t("sso.notFound", { domain: ssoMissing })}
            </p>
          )}
          <div className="field">
            <label className="field-label" htmlFor="sso_email">
              {t("sso.findEmail")}
            </label>
            <input id="sso_email" className="input" type="email" name="sso_email" required autoComplete="email" inputMode="email" autoFocus />
          </div>
          <button type="submit" className="btn btn-primary btn-block">
            {t("sso.find")}
          </button>
          <a href={back({})} className="small">
            {t("sso.useLink")}
          </a>
        </form>
      ) : (
        <form method="post" action="/api/auth/signin/email" className="stack">
          <input type="hidden" name="csrfToken" value={csrf} />
          <input type="hidden" name="callbackUrl" value={callbackUrl} />
          <div className="field">
            <label className="field-label" htmlFor="email">
              {t("email")}
            </label>
            <input
              id="email"
              className="input"
              type="email"
              name="email"
              required
              autoComplete="email"
              inputMode="email"
              autoFocus={!sso}
              aria-describedby="email-hint"
            />
            <p id="email-hint" className="field-hint">
              {t("emailHint")}
            </p>
          </div>
          <button type="submit" className={sso ? "btn btn-block" : "btn btn-primary btn-block"}>
            {t("send")}
          </button>
          {!sso && (
            <a href={back({ sso: "1" })} className="small">
              {t("sso.findLink")}
            </a>
          )}
        </form>
      )}
    </AuthCard>
  );
}
