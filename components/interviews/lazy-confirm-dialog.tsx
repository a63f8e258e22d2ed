"use client";

import dynamic from "next/dynamic";
import { useState, type ComponentProps } from "react";
import type { ConfirmDialog as Eager } from "@/components/ui/confirm-dialog";

const ConfirmDialog = dynamic(() => import("@/components/ui/confirm-dialog").then((m) => m.ConfirmDialog), { ssr: false });

/**
 * ConfirmDialog (components/ui/confirm-dialog.tsx), its code downloaded when it first opens: the
 * interview page's first screen, on a phone, does without it. Once opened it stays mounted, so
 * that closing it returns the focus as the dialog does.
 */
export function LazyConfirmDialog(props: ComponentProps<typeof Eager>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened ? <ConfirmDialog {...props} /> : null;
}
