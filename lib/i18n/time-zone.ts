import "server-only";
import { env } from "@/lib/env";

/** The server's own zone, read once: each ask builds a DateTimeFormat, and a list of 10,000 interviews asked once a row. */
let serverTimeZone: string | undefined;

/** The zone dates and times are shown in: TIME_ZONE, else the server's own. */
export const displayTimeZone = () => env().TIME_ZONE ?? (serverTimeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
