"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { signInErrorMessage } from "./sign-in-errors";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Asks next-auth to e-mail a one-time sign-in link, then shows the "check your e-mail" page. */
export function SignInForm({ error, callbackUrl, signedOut }: { error?: string; callbackUrl?: string; signedOut?: boolean }) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(signInErrorMessage(error));
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!EMAIL.test(value)) {
      setFieldError("Enter your e-mail address, like name@example.org.");
      return;
    }
    setFieldError(undefined);
    setFormError(null);
    setBusy(true);
    try {
      const target = callbackUrl && callbackUrl.startsWith("/") && !callbackUrl.startsWith("//") ? callbackUrl : "/";
      const result = await signIn("email", { email: value, redirect: false, callbackUrl: target });
      if (!result || result.error) {
        setFormError(signInErrorMessage(result?.error ?? "EmailSignin"));
        return;
      }
      router.push(`/sign-in/check-email?email=${encodeURIComponent(value)}`);
    } catch {
      setFormError(signInErrorMessage("EmailSignin"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="stack" noValidate>
      {signedOut && !formError && <p className="notice notice-info">You are signed out.</p>}
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <Field label="E-mail address" error={fieldError} hint="We will e-mail you a link that signs you in. No password needed.">
        {(props) => (
          <input
            {...props}
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy && <span className="spinner spinner-sm" aria-hidden="true" />}
        {busy ? "Sending…" : "Send sign-in link"}
      </button>
    </form>
  );
}
