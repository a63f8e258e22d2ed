import { getTranslations } from "next-intl/server";
import { Providers } from "@/components/providers";
import { AppHeader } from "@/components/shell/app-header";
import { SignInRedirect } from "@/components/shell/sign-in-redirect";
import { pageMe } from "@/lib/pages/page-me";

/**
 * Every signed-in page lives in this frame: the top bar is rendered here on the server, with
 * the person this session belongs to; the page below gets the same person from useMe at once.
 */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const me = await pageMe();
  if (!me) return <SignInRedirect />;
  const t = await getTranslations("shell");
  return (
    <Providers me={me}>
      <div className="app">
        <a href="#main" className="skip-link">
          {t("skipToContent")}
        </a>
        <AppHeader me={me} />
        <main id="main" className="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </Providers>
  );
}
