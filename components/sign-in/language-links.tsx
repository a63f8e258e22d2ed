import type { LanguageLink } from "@/lib/pages/sign-in-page-props";

/** Plain links (the sign-in pages have no script): each language named in itself, the current one marked. */
export function LanguageLinks({ label, current, languages }: { label: string; current: string; languages: LanguageLink[] }) {
  return (
    <nav className="auth-languages" aria-label={label}>
      {languages.map((language) => (
        <a
          key={language.locale}
          href={language.href}
          lang={language.locale}
          hrefLang={language.locale}
          aria-current={language.locale === current ? "true" : undefined}
        >
          {language.name}
        </a>
      ))}
    </nav>
  );
}
