import type { Metadata } from "next";
import { FormEditor } from "@/components/forms/form-editor";

export const metadata: Metadata = { title: "Edit form" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <FormEditor id={id} />;
}
