"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { LazyQueryBoundary } from "@/components/api/lazy-query-boundary";

// Only once someone starts an interview: the dialog, and the data layer it is written against (LazyQueryBoundary).
const NewInterviewDialog = dynamic(() => import("./new-interview-dialog").then((m) => m.NewInterviewDialog));

/**
 * "New interview" (for whoever may edit interviews), and its dialog, which goes to the new
 * interview's page. Opened at once with `newFor` (`?new=<personId>`, from a person's page), that
 * person chosen; closing it takes `new` out of the address.
 */
export function NewInterviewButton({ label, newFor }: { label: string; newFor: string | null }) {
  const router = useRouter();
  const [opened, setOpened] = useState<{ personId: string | null } | null>(newFor ? { personId: newFor } : null);
  const close = () => {
    setOpened(null);
    const url = new URL(window.location.href);
    if (!url.searchParams.has("new")) return;
    url.searchParams.delete("new");
    router.replace(`${url.pathname}${url.search}`, { scroll: false });
  };
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setOpened({ personId: null })}>
        <span aria-hidden="true">+</span> {label}
      </button>
      {opened && (
        <LazyQueryBoundary>
          <NewInterviewDialog personId={opened.personId} onClose={close} />
        </LazyQueryBoundary>
      )}
    </>
  );
}
