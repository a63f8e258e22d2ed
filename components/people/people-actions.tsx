"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { startTransition, useState } from "react";
import { LazyQueryBoundary } from "@/components/api/lazy-query-boundary";

// Only once someone adds or imports people: the dialogs, and the data layer they are written against (LazyQueryBoundary).
const NewPersonDialog = dynamic(() => import("./new-person-dialog").then((m) => m.NewPersonDialog));
const ImportPeopleDialog = dynamic(() => import("./import-people-dialog").then((m) => m.ImportPeopleDialog));

type Opened = "new" | "import" | null;

/** The dialog opened, if any. A new person opens their page; an import's people are listed once it closes. */
function PeopleDialogs({ opened, close }: { opened: Opened; close: () => void }) {
  const router = useRouter();
  if (!opened) return null;
  return (
    <LazyQueryBoundary>
      {opened === "new" ? (
        <NewPersonDialog onClose={close} />
      ) : (
        <ImportPeopleDialog
          onClose={() => {
            close();
            startTransition(() => router.refresh());
          }}
        />
      )}
    </LazyQueryBoundary>
  );
}

/** The people page's Import and New person buttons (for whoever may edit people). */
export function PeopleActions() {
  const t = useTranslations("people");
  const [opened, setOpened] = useState<Opened>(null);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpened("import")}>
        {t("import")}
      </button>
      <button type="button" className="btn btn-primary" onClick={() => setOpened("new")}>
        <span aria-hidden="true">+</span> {t("new")}
      </button>
      <PeopleDialogs opened={opened} close={() => setOpened(null)} />
    </>
  );
}

/** The empty list's call to add the first person. */
export function AddFirstPersonButton({ label }: { label: string }) {
  const [opened, setOpened] = useState<Opened>(null);
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setOpened("new")}>
        {label}
      </button>
      <PeopleDialogs opened={opened} close={() => setOpened(null)} />
    </>
  );
}
