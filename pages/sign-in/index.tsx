import type { GetServerSideProps } from "next";
import Head from "next/head";
import { createTranslator } from "use-intl/core";
import { AuthCard } from "@/components/sign-in/auth-card";
import { LanguageLinks } from "@/components/sign-in/language-links";
import { signInPageProps, type SignInPageProps } from "@/lib/pages/sign-in-page-props";
import { csrfToken } from "@/lib/auth/csrf-token";

// Served without any JavaScript: the form posts to next-auth as it is, and the browser checks the address.
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

/** next-auth's `?error=` codes the page words itself; any other is "default". */
const KNOWN_ERRORS = ["Verification", "AccessDenied", "EmailSignin", "EmailCreateAccount", "Callback", "SessionRequired", "Configuration"];

type Props = SignInPageProps & { csrf: string; callbackUrl: string; error: string | null; signedOut: boolean };

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export const getServerSideProps: GetServerSideProps<Props> = async (context) => {
  const { query, req, res } = context;
  const [base, csrf] = await Promise.all([signInPageProps(context), csrfToken(req.headers.cookie)]);
  for (const cookie of csrf.setCookie) res.appendHeader("Set-Cookie", cookie);
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
    },
  };
};

export default function SignInPage({ locale, messages, languages, csrf, callbackUrl, error, signedOut }: Props) {
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
      <form method="post" action="/api/auth/signin/email" className="stack">
        {signedOut && !error && <p className="notice notice-info">{t("signedOut")}</p>}
        {error && (
          <p className="form-error" role="alert">
            {t(`errors.${error}`)}
          </p>
        )}
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
            autoFocus
            aria-describedby="email-hint"
          />
          <p id="email-hint" className="field-hint">
            {t("emailHint")}
          </p>
        </div>
        <button type="submit" className="btn btn-primary btn-block">
          {t("send")}
        </button>
      </form>
    </AuthCard>
  );
}
