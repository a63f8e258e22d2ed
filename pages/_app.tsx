import type { AppProps } from "next/app";
import "../app/globals.css";

/**
 * The pages router serves only the sign-in pages (pages/sign-in): plain HTML forms without
 * any JavaScript, so that signing in is light on any phone. Everything else is the app router.
 */
export default function SignInApp({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />;
}
