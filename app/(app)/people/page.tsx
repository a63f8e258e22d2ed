import type { Metadata } from "next";
import { PeopleListPage } from "@/components/people/people-list-page";

export const metadata: Metadata = { title: "People" };

export default function PeoplePage() {
  return <PeopleListPage />;
}
