import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChatPage } from "@/components/messages/chat-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("chat"))("title") };
}

export default function MessagesPage() {
  return <ChatPage conversationId={null} />;
}
