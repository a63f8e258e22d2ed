import { useTranslations } from "next-intl";
import type { FormField } from "@/components/forms/form-types";
import type { FileRecord } from "./interview-types";
import type { AutosaveSnapshot, AutosaveStore } from "./use-autosave";

export function PrivateBadge() {
  const t = useTranslations("interviews");
  return <span className="badge badge-warning iv-private">{t("privateBadge")}</span>;
}

export const fileEntries = (value: unknown): [string, FileRecord][] =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (Object.entries(value) as [string, FileRecord][]).sort((a, b) => (a[1].created_at ?? 0) - (b[1].created_at ?? 0))
    : [];

export type EditProps = {
  field: FormField;
  /** The answer as the server has it. */
  value: unknown;
  language: string;
  personId: string;
  interviewId: string;
  store: AutosaveStore;
  snapshot: AutosaveSnapshot;
  /** Whether to mark private fields (staff see them; nobody else gets them). */
  showPrivate: boolean;
};
