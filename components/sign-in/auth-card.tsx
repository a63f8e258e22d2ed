/** The centred card the sign-in pages share: the app's mark and name above the page's own content. */
export function AuthCard({ mark, appName, footer, children }: { mark: string; appName: string; footer?: React.ReactNode; children: React.ReactNode }) {
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <div className="auth-brand">
          <span className="brand-mark" aria-hidden="true">
            {mark}
          </span>
          <strong>{appName}</strong>
        </div>
        {children}
        {footer}
      </div>
    </main>
  );
}
