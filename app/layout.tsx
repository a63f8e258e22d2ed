import type { Metadata, Viewport } from "next";
import "./globals.css";
import "@/components/interviews/interviews.css";
import "@/components/forms/definitions.css";
import { Providers } from "@/components/providers";

export const metadata: Metadata = {
  title: { default: "Credentials Administration", template: "%s · Credentials Administration" },
  description: "Run the credentialing of your district's people.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
