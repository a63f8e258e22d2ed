import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/sign-in/auth-card";

export const metadata: Metadata = { title: "Check your e-mail" };
export const dynamic = "force-dynamic";

export default async function CheckEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).email;
  const email = Array.isArray(raw) ? raw[0] : raw;
  return (
    <AuthCard>
      <h1>Check your e-mail</h1>
      <div className="stack" style={{ marginTop: 12 }}>
        <p>
          If {email ? <strong>{email}</strong> : "your address"} belongs to a member of a district, a sign-in link is on its way. Open it on this
          device to sign in. The link works once.
        </p>
        <p className="muted small">Nothing arrived after a few minutes? Check your spam folder, or ask for a new link.</p>
        <Link href="/sign-in" className="btn">
          Use a different address
        </Link>
      </div>
    </AuthCard>
  );
}
