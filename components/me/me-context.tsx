"use client";

import { createContext, useContext } from "react";
import type { Me } from "./me";

const MeContext = createContext<Me | null>(null);

/** The signed-in person as the app's frame was rendered with them (app/(app)/layout.tsx). */
export function MeProvider({ me, children }: { me: Me; children: React.ReactNode }) {
  return <MeContext value={me}>{children}</MeContext>;
}

/** The frame's person; null outside the signed-in frame (the "not found" page). */
export const useFrameMe = () => useContext(MeContext);
