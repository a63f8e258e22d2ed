/** The centred card the sign-in pages share. */
export function AuthCard({ children }: { children: React.ReactNode }) {
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <div className="auth-brand">
          <span className="brand-mark" aria-hidden="true">
            CA
          </span>
          <strong>Credentials Administration</strong>
        </div>
        {children}
      </div>
    </main>
  );
}
