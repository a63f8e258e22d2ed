import { useTranslations } from "next-intl";
import type { PageData } from "@/app/(app)/_prefetch/prefetch-queries";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadFailed } from "@/components/ui/load-failed";
import { DefinitionRowActions, NewDefinitionButton } from "./definition-editing";
import { DefinitionsRows, type DefinitionColumn } from "./definitions-rows";

type Named = { id: string; name: string };

/**
 * A settings card listing one kind of definition, rendered on the server: its head with a
 * "New …" button, the error or empty state, and a table whose rows end with Edit and Delete.
 * The buttons work through the DefinitionEditing around it. Its words come from the definition's
 * own messages (`namespace`: title, description, new, couldNotLoad, emptyTitle, emptyText, createFirst).
 */
export function DefinitionsTable<T extends Named>({
  namespace,
  loaded,
  columns,
  href,
}: {
  namespace: string;
  loaded: PageData<T[]>;
  columns: DefinitionColumn<T>[];
  /** The page's own address, to load it again after a failure. */
  href: string;
}) {
  const t = useTranslations(namespace);
  const common = useTranslations("settings");
  const titleId = `${namespace}-title`;
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-head">
        <div>
          <h2 id={titleId}>{t("title")}</h2>
          <p>{t("description")}</p>
        </div>
        <NewDefinitionButton label={t("new")} />
      </div>
      {!loaded.ok ? (
        <LoadFailed title={t("couldNotLoad")} href={href} />
      ) : loaded.data.length === 0 ? (
        <EmptyState title={t("emptyTitle")} action={<NewDefinitionButton label={t("createFirst")} />}>
          {t("emptyText")}
        </EmptyState>
      ) : (
        <DefinitionsRows items={loaded.data} columns={columns} actionsLabel={common("actions")} actions={(item) => <DefinitionRowActions item={item} />} />
      )}
    </section>
  );
}
