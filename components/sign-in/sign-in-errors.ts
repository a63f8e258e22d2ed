/** next-auth's `?error=` codes, said in plain words. */
const MESSAGES: Record<string, string> = {
  Verification: "That sign-in link has expired or has already been used. Ask for a new one below.",
  AccessDenied: "This e-mail address cannot sign in. Ask your district office to check your account.",
  EmailSignin: "We could not send the e-mail. Please try again in a moment.",
  EmailCreateAccount: "We could not set up your sign-in. Please try again.",
  Callback: "Signing in did not complete. Please ask for a new link.",
  SessionRequired: "Please sign in to see that page.",
  Configuration: "Sign-in is not set up correctly on the server. Please tell your district office.",
  Default: "Something went wrong while signing in. Please try again.",
};

export const signInErrorMessage = (code: string | undefined | null) => (code ? (MESSAGES[code] ?? MESSAGES.Default) : null);
