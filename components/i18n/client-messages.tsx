import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";

type Props = {
  /** The top-level namespaces this part's client components read (lib/i18n/client-namespaces.test.ts checks the list). */
  namespaces: string[];
  children: React.ReactNode;
};

/**
 * The messages a page's client components need, and only those: each page sends its own
 * namespaces with its HTML instead of the whole catalogue (about 75 KB of JSON) on every page.
 * A provider inside another replaces its messages, so each list names all its part reads.
 */
export async function ClientMessages({ namespaces, children }: Props) {
  const messages = await getMessages();
  const picked = Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace as keyof typeof messages]]));
  return <NextIntlClientProvider messages={picked}>{children}</NextIntlClientProvider>;
}
