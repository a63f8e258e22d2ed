import type { Metadata } from "next";
import { AuthCard } from "@/components/sign-in/auth-card";
import { SignInForm } from "@/components/sign-in/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function SignInPage({ searchParams }: { searchParams: Search }) {
  const params = await searchParams;
  return (
    <AuthCard>
      <h1>Sign in</h1>
      <p className="lead">Enter the e-mail address your district office has on file.</p>
      <SignInForm error={one(params.error)} callbackUrl={one(params.callbackUrl)} signedOut={one(params.signedOut) === "1"} />
    </AuthCard>
  );
}
