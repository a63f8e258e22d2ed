import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { Prefetched } from "@/app/(app)/_prefetch/prefetched";
import { apiQueries } from "@/components/api/api-queries";
import { ChatPage } from "@/components/messages/chat-page";
import { isId } from "@/lib/ids/ids.shared";
import { ClientMessages } from "@/components/i18n/client-messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("chat"))("title") };
}

export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Anything but an id cannot name a conversation.
  if (!isId(id)) notFound();
  return (
    <ClientMessages namespaces={["chat", "ui"]}>
      <Prefetched queries={[apiQueries.conversations(), apiQueries.conversation(id)]}>
        <ChatPage conversationId={id} />
      </Prefetched>
    </ClientMessages>
  );
}
