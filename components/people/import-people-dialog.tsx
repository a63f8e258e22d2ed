"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { isApiError, type ApiErrorDetail } from "@/components/api/api-fetch";
import { useErrorMessage } from "@/components/api/use-error-message";
import { Dialog } from "@/components/ui/dialog";
import { DialogActions } from "@/components/ui/dialog-actions";
import { useToast } from "@/components/ui/toast";
import { usePeopleImport, type ImportReport } from "./use-people-import";

/** Rows listed in the preview at most; the counts cover them all. */
const SHOWN = 100;

type Step = "choose" | "checking" | "preview" | "applying";
type Problem = { message: string; details: ApiErrorDetail[] };

/**
 * Import people from a CSV file: pick the file, see what it would do (a dry run: counts, and
 * each refused row with its reasons, each update with what changes), then apply it with
 * progress: the upload, then, for an import run as a job, the rows written so far. Nothing is
 * written until Apply, and then all rows or none.
 */
export function ImportPeopleDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("peopleImport");
  const errorMessage = useErrorMessage();
  const toast = useToast();
  const { check, apply, progress } = usePeopleImport();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [step, setStep] = useState<Step>("choose");

  const fail = (err: unknown, back: Step) => {
    setProblem(isApiError(err) ? { message: err.message, details: err.details } : { message: errorMessage(err), details: [] });
    setStep(back);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (!file) return setProblem({ message: t("chooseFirst"), details: [] });
    if (step === "choose") {
      setStep("checking");
      try {
        setReport(await check(file));
        setStep("preview");
      } catch (err) {
        fail(err, "choose");
      }
    } else if (step === "preview") {
      setStep("applying");
      try {
        const done = await apply(file);
        toast.show(t("done", { created: done.counts.create, updated: done.counts.update }));
        onClose();
      } catch (err) {
        fail(err, "preview");
      }
    }
  };

  const busy = step === "checking" || step === "applying";
  const format = useFormatter();
  // The upload, then (an import run as a job) waiting for a worker, then the rows written so far.
  const progressText =
    progress?.phase === "uploading" && progress.fraction < 1
      ? t("uploading")
      : progress?.phase === "queued"
        ? t("queued")
        : progress?.phase === "running" && progress.total
          ? t("rowsDone", { done: format.number(progress.done), total: format.number(progress.total) })
          : step === "checking"
            ? t("checking")
            : t("applying");
  const fraction =
    progress?.phase === "uploading"
      ? progress.fraction
      : progress?.phase === "running" && progress.total
        ? progress.done / progress.total
        : progress?.phase === "queued"
          ? 0
          : 1;
  const percent = Math.round(fraction * 100);
  const counts = report?.counts;
  const writes = counts ? counts.create + counts.update : 0;
  const refused = report?.rows.filter((r) => r.action === "refuse") ?? [];
  const updates = report?.rows.filter((r) => r.action === "update") ?? [];

  return (
    <Dialog open onClose={busy ? () => {} : onClose} title={t("title")} description={t("description")} size="lg" closeOnBackdrop={!busy}>
      <form onSubmit={submit} className="stack" noValidate>
        {problem && (
          <div className="form-error" role="alert">
            <p>{problem.message}</p>
            {problem.details.length > 0 && (
              <ul className="import-problems">
                {problem.details.slice(0, SHOWN).map((d, i) => (
                  <li key={i}>{d.message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="field">
          <label className="field-label" htmlFor={fileId}>
            {t("file")}
          </label>
          <input
            id={fileId}
            className="input"
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setReport(null);
              setProblem(null);
              setStep("choose");
            }}
          />
          <p className="field-hint">{t("fileHint")}</p>
        </div>

        {busy && (
          <div aria-live="polite">
            <p className="small">{progressText}</p>
            <div className="progress" role="progressbar" aria-label={t("progress")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
              <div className="progress-bar" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}

        {counts && step !== "choose" && (
          <section aria-labelledby={`${fileId}-preview`} className="stack-sm">
            <h3 id={`${fileId}-preview`} className="import-heading">
              {t("preview", { rows: counts.rows })}
            </h3>
            <ul className="import-counts">
              <li>
                <strong>{counts.create}</strong> {t("counts.create")}
              </li>
              <li>
                <strong>{counts.update}</strong> {t("counts.update")}
              </li>
              <li>
                <strong>{counts.unchanged}</strong> {t("counts.unchanged")}
              </li>
              <li className={counts.refuse ? "import-refused" : undefined}>
                <strong>{counts.refuse}</strong> {t("counts.refuse")}
              </li>
            </ul>
            {refused.length > 0 && <p role="alert">{t("fixFirst")}</p>}
            {refused.length > 0 && (
              <RowTable
                caption={t("refusedCaption")}
                rows={refused.slice(0, SHOWN)}
                detail={(r) => r.errors.map((e) => `${e.column}: ${e.message}`).join(" ")}
              />
            )}
            {refused.length === 0 && updates.length > 0 && (
              <RowTable caption={t("updatesCaption")} rows={updates.slice(0, SHOWN)} detail={(r) => r.changes.join(", ")} />
            )}
            {Math.max(refused.length, updates.length) > SHOWN && <p className="muted small">{t("more", { shown: SHOWN })}</p>}
          </section>
        )}

        <DialogActions
          submitLabel={step === "choose" || step === "checking" ? t("check") : t("apply", { count: writes })}
          onCancel={onClose}
          pending={busy}
          lockCancel
          submitDisabled={step === "preview" && (refused.length > 0 || writes === 0)}
        />
      </form>
    </Dialog>
  );
}

function RowTable({ caption, rows, detail }: { caption: string; rows: ImportReport["rows"]; detail: (row: ImportReport["rows"][number]) => string }) {
  const t = useTranslations("peopleImport");
  return (
    // Scrolls when long: focusable, and named, so that a keyboard reaches every row.
    <div className="table-wrap import-rows" tabIndex={0} role="region" aria-label={caption}>
      <table className="table import-table">
        <caption className="import-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("columns.row")}</th>
            <th scope="col">{t("columns.email")}</th>
            <th scope="col">{t("columns.detail")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row}>
              <td>{r.row}</td>
              <td className="import-email">{r.email}</td>
              <td>{detail(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
