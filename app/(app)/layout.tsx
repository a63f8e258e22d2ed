import { AppShell } from "@/components/shell/app-shell";

/** Every signed-in page (people, interviews, settings) lives in this frame. */
export default function AppLayout({ children }: { children: React.ReactNode }) {
  return <AppShell>{children}</AppShell>;
}
