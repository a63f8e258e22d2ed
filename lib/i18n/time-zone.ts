import "server-only";
import { env } from "@/lib/env";

/** The zone dates and times are shown in: TIME_ZONE, else the server's own. */
export const displayTimeZone = () => env().TIME_ZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
