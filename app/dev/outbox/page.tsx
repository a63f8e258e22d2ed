import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { listOutbox, outboxEnabled } from "@/lib/mail/outbox";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("outbox"))("title"), robots: { index: false } };
}
export const dynamic = "force-dynamic";

const LINK = /(https?:\/\/\S+)/;

/** Development only (no SMTP configured): the e-mails the app would have sent, newest first. */
export default async function OutboxPage() {
  if (!outboxEnabled()) notFound();
  const [mails, t, format] = await Promise.all([listOutbox(100), getTranslations("outbox"), getFormatter()]);
  return (
    <main className="outbox">
      <div className="page-head">
        <div>
          <h1>{t("title")}</h1>
          <p>{t("lead")}</p>
        </div>
      </div>
      <div className="card">
        {mails.length === 0 ? (
          <div className="state">
            <p className="state-title">{t("emptyTitle")}</p>
            <p className="state-text">{t.rich("empty", { link: (chunks) => <Link href="/sign-in">{chunks}</Link> })}</p>
          </div>
        ) : (
          mails.map((m) => {
            const link = LINK.exec(m.text)?.[1];
            return (
              <article key={m.id} className="outbox-item">
                <h2>{m.subject}</h2>
                <div className="outbox-meta">
                  <span>{t("to", { to: m.to })}</span>
                  <time dateTime={new Date(m.sent_at).toISOString()}>{format.dateTime(new Date(m.sent_at), { dateStyle: "medium", timeStyle: "medium" })}</time>
                </div>
                {link ? (
                  <a className="outbox-link" href={link}>
                    {link}
                  </a>
                ) : (
                  <p className="muted small">{t("noLink")}</p>
                )}
              </article>
            );
          })
        )}
      </div>
    </main>
  );
}
