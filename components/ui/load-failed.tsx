import { useTranslations } from "next-intl";

/**
 * A part of a page rendered on the server that could not be loaded: said plainly, with a way to
 * load the page again (`href`, the page's own address: a plain link, as a reload would).
 */
export function LoadFailed({ title, href }: { title?: string; href: string }) {
  const t = useTranslations("ui");
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">{title ?? t("couldNotLoad")}</p>
      <a href={href} className="btn">
        {t("tryAgain")}
      </a>
    </div>
  );
}
