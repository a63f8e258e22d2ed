import type { GetServerSideProps } from "next";
import Head from "next/head";
import Link from "next/link";
import { createTranslator } from "use-intl/core";
import { AuthCard } from "@/components/sign-in/auth-card";
import { LanguageLinks } from "@/components/sign-in/language-links";
import { signInPageProps, type SignInPageProps } from "@/lib/pages/sign-in-page-props";

export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export const getServerSideProps: GetServerSideProps<SignInPageProps> = async (context) => ({ props: await signInPageProps(context) });

/** Where next-auth sends the browser once a sign-in link is (or, for strangers, is not) on its way. */
export default function CheckEmailPage({ locale, messages, languages }: SignInPageProps) {
  const t = createTranslator({ locale, messages, namespace: "signIn" });
  const common = createTranslator({ locale, messages, namespace: "common" });
  return (
    <AuthCard mark={t("mark")} appName={common("appName")} footer={<LanguageLinks label={t("language")} current={locale} languages={languages} />}>
      <Head>
        <title>{t("checkEmail.page", { app: common("appName") })}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <h1>{t("checkEmail.heading")}</h1>
      <div className="stack" style={{ marginTop: 12 }}>
        <p>{t("checkEmail.text")}</p>
        <p className="muted small">{t("checkEmail.nothing")}</p>
        <Link href="/sign-in" className="btn">
          {t("checkEmail.other")}
        </Link>
      </div>
    </AuthCard>
  );
}
