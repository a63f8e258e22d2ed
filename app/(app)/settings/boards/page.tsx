import type { Metadata } from "next";
import { BoardsSettings } from "@/components/boards/boards-settings";

export const metadata: Metadata = { title: "Boards" };

export default function Page() {
  return <BoardsSettings />;
}
