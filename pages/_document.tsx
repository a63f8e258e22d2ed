import { Head, Html, Main, NextScript, type DocumentProps } from "next/document";

/** The sign-in pages' HTML, in the language they are written in. */
export default function SignInDocument({ __NEXT_DATA__ }: DocumentProps) {
  const locale = (__NEXT_DATA__.props?.pageProps as { locale?: string } | undefined)?.locale ?? "en";
  return (
    <Html lang={locale}>
      <Head />
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
