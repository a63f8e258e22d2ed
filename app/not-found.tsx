import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { AppHeader } from "@/components/shell/app-header";
import { pageMe } from "@/lib/pages/page-me";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("errors"))("notFound.title") };
}

/** Any address that leads nowhere: the app's header (the person's own navigation when signed in) and a way home. */
export default async function NotFound() {
  const [me, t] = await Promise.all([pageMe(), getTranslations("errors")]);
  return (
    <div className="app">
      <AppHeader me={me} />
      <main id="main" className="main">
        <div className="card error-card">
          <p className="error-code" aria-hidden="true">
            404
          </p>
          <h1>{t("notFound.title")}</h1>
          <p className="muted">{t("notFound.text")}</p>
          <Link href={me ? "/" : "/sign-in"} className="btn btn-primary">
            {me ? t("home") : t("signIn")}
          </Link>
        </div>
      </main>
    </div>
  );
}
