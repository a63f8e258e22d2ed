import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ownLanguageName } from "@/components/languages/language-names";
import { audienceOf } from "@/components/me/audience";
import type { Me } from "@/components/me/me";
import { SearchLauncher } from "@/components/search/search-launcher";
import { Avatar } from "@/components/ui/avatar";
import { LanguageSwitcher } from "./language-switcher";
import { MainNav } from "./main-nav";
import { NAV_LINKS } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

/** The languages the interface is written in. */
const INTERFACE_LANGUAGES = ["en", "es"];

/** Each by its own name; a language the interface is not written in (their `fr`, say) stays listed while it is theirs. */
function languageChoices(language: string) {
  const codes = INTERFACE_LANGUAGES.includes(language) ? INTERFACE_LANGUAGES : [language, ...INTERFACE_LANGUAGES];
  return codes.map((code) => ({ code, name: ownLanguageName(code) }));
}

/**
 * The app's top bar, rendered on the server: the district, the navigation the person's role
 * can use, and who is signed in (their language, signing out). Without `me` (a visitor on a
 * page that does not exist) it offers the sign-in page instead.
 */
export async function AppHeader({ me }: { me: Me | null }) {
  const t = await getTranslations();
  const audience = me ? audienceOf(me) : null;
  const links = audience
    ? NAV_LINKS.filter((l) => l.audiences.includes(audience) && (!l.permission || me!.permissions.includes(l.permission))).map((l) => ({
        href: l.href,
        section: l.section,
        label: t(l.label),
      }))
    : [];

  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link href="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            {t("shell.brandMark")}
          </span>
          <span className="brand-text">
            {me && <span className="brand-district">{me.district.name}</span>}
            <span className={me ? "brand-sub" : "brand-district"}>{t("common.appName")}</span>
          </span>
        </Link>
        {me && <SearchLauncher />}
        {me ? (
          <MainNav links={links}>
            <div className="user-box">
              {/* Their own settings (notifications, calendar feed): from their name, as most apps do, to keep the bar short. */}
              <Link href="/account" className="user-name" title={`${t("notifications.account.nav")} (${me.person.email})`}>
                <Avatar first={me.person.first} last={me.person.last} size={28} />
                <span>
                  {me.person.first} {me.person.last}
                </span>
              </Link>
              <LanguageSwitcher language={me.person.language} choices={languageChoices(me.person.language)} />
              <SignOutButton />
            </div>
          </MainNav>
        ) : (
          <Link href="/sign-in" className="btn btn-ghost btn-sm topbar-action">
            {t("shell.signIn")}
          </Link>
        )}
      </div>
    </header>
  );
}
