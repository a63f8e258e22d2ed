import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { ChatPage } from "@/components/messages/chat-page";

/** Ids are opaque strings of this alphabet (lib/http/route.ts); anything else cannot name a conversation. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("chat"))("title") };
}

export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!ID_PATTERN.test(id)) notFound();
  return <ChatPage conversationId={id} />;
}
