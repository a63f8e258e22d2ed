import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Prefetched } from "@/app/(app)/_prefetch/prefetched";
import { apiQueries } from "@/components/api/api-queries";
import { ChatPage } from "@/components/messages/chat-page";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("chat"))("title") };
}

export default function MessagesPage() {
  return (
    <ClientMessages namespaces={["chat", "ui"]}>
      <Prefetched queries={[apiQueries.conversations()]}>
        <ChatPage conversationId={null} />
      </Prefetched>
    </ClientMessages>
  );
}
