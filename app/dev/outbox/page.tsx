import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listOutbox, outboxEnabled } from "@/lib/mail/outbox";

export const metadata: Metadata = { title: "Outbox", robots: { index: false } };
export const dynamic = "force-dynamic";

const LINK = /(https?:\/\/\S+)/;

/** Development only (no SMTP configured): the e-mails the app would have sent, newest first. */
export default async function OutboxPage() {
  if (!outboxEnabled()) notFound();
  const mails = await listOutbox(100);
  return (
    <main className="outbox">
      <div className="page-head">
        <div>
          <h1>Outbox</h1>
          <p>No SMTP server is configured, so e-mails are kept here instead of being sent. Newest first.</p>
        </div>
      </div>
      <div className="card">
        {mails.length === 0 ? (
          <div className="state">
            <p className="state-title">No e-mails yet</p>
            <p className="state-text">
              Ask for a sign-in link on the <a href="/sign-in">sign-in page</a> and it will show up here.
            </p>
          </div>
        ) : (
          mails.map((m) => {
            const link = LINK.exec(m.text)?.[1];
            return (
              <article key={m.id} className="outbox-item">
                <h2>{m.subject}</h2>
                <div className="outbox-meta">
                  <span>To: {m.to}</span>
                  <time dateTime={new Date(m.sent_at).toISOString()}>{new Date(m.sent_at).toLocaleString("en-GB", { timeZone: "UTC" })} UTC</time>
                </div>
                {link ? (
                  <a className="outbox-link" href={link}>
                    {link}
                  </a>
                ) : (
                  <p className="muted small">No link in this e-mail.</p>
                )}
              </article>
            );
          })
        )}
      </div>
    </main>
  );
}
