"use client";

import type { Me } from "@/components/me/me";
import { MeProvider } from "@/components/me/me-context";
import { ToastProvider } from "@/components/ui/toast";

/**
 * What every signed-in page's frame gives what it renders: the person (`me`, as the server
 * rendered the page with them) and notices. The API's data layer is not here but around each
 * part that reads the API (components/api/query-provider.tsx).
 */
export function Providers({ me, children }: { me: Me; children: React.ReactNode }) {
  return (
    <MeProvider me={me}>
      <ToastProvider>{children}</ToastProvider>
    </MeProvider>
  );
}
