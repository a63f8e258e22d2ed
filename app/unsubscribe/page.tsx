import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { isNotificationKind } from "@/lib/notifications/kinds.shared";
import { verifyUnsubscribeToken } from "@/lib/notifications/unsubscribe-token";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("notifications"))("unsubscribe.metaTitle"), robots: { index: false } };
}
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * Where an e-mail's "stop these e-mails" link leads (no sign-in): it asks first, and its button
 * POSTs the one-click unsubscribe (app/api/unsubscribe), which sends the browser back here with
 * `done`. Opening the link alone changes nothing, so a mail scanner that follows links stops nothing.
 */
export default async function UnsubscribePage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  const t = await getTranslations("notifications");
  const token = typeof params.token === "string" ? params.token : "";
  const done = typeof params.done === "string" && isNotificationKind(params.done) ? params.done : null;
  const subject = done ? null : verifyUnsubscribeToken(token);
  const kind = done ?? subject?.kind;
  return (
    <main id="main" className="main">
      <div className="card error-card">
        {done ? (
          <>
            <h1>{t("unsubscribe.doneTitle")}</h1>
            <p role="status">{t("unsubscribe.done", { kind: t(`kinds.${done}.label`) })}</p>
          </>
        ) : subject && kind ? (
          <form method="post" action={`/api/unsubscribe?token=${encodeURIComponent(token)}`}>
            <h1>{t("unsubscribe.title")}</h1>
            <p>{t("unsubscribe.question", { kind: t(`kinds.${kind}.label`) })}</p>
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit" className="btn btn-primary">
              {t("unsubscribe.button")}
            </button>
          </form>
        ) : (
          <>
            <h1>{t("unsubscribe.invalidTitle")}</h1>
            <p className="muted">{t("unsubscribe.invalid")}</p>
          </>
        )}
        <p className="small">
          <Link href="/account">{t("unsubscribe.settingsLink")}</Link>
        </p>
      </div>
    </main>
  );
}
