"use client";

import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/api/use-error-message";
import { QueryStates } from "@/components/settings/query-states";
import { EmptyState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { useDisplayFormat } from "@/components/ui/use-display-format";
import { useDeadJobs, useRetryJob, type Job } from "./use-jobs";

/** What a job did, in the reader's words: its queue's name, else the queue itself. */
function useJobName() {
  const t = useTranslations("jobs");
  return (job: Job) => (t.has(`queues.${job.queue}`) ? t(`queues.${job.queue}`) : job.queue);
}

/**
 * The district's dead jobs: work the server gave up on (a transcription that failed for good, a
 * translation out of retries), with why, and Retry. Everything else the server retries by itself.
 */
export function JobsSettings() {
  const t = useTranslations("jobs");
  const format = useDisplayFormat();
  const jobs = useDeadJobs();
  const retry = useRetryJob();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const nameOf = useJobName();

  const onRetry = (job: Job) =>
    retry.mutate(job.id, {
      onSuccess: () => toast.show(t("retried", { name: nameOf(job) })),
      onError: (error) => toast.show(errorMessage(error), "error"),
    });

  return (
    <section className="card" aria-labelledby="jobs-title">
      <div className="card-head">
        <div>
          <h2 id="jobs-title">{t("title")}</h2>
          <p>{t("description")}</p>
        </div>
      </div>
      <QueryStates
        query={jobs}
        lines={3}
        errorTitle={t("couldNotLoad")}
        empty={jobs.data?.length === 0 && <EmptyState title={t("emptyTitle")}>{t("emptyText")}</EmptyState>}
      >
        {(list) => (
          <div className="table-wrap">
            <table className="table table-stack">
              <thead>
                <tr>
                  <th scope="col">{t("columns.job")}</th>
                  <th scope="col">{t("columns.error")}</th>
                  <th scope="col">{t("columns.attempts")}</th>
                  <th scope="col">{t("columns.when")}</th>
                  <th scope="col">
                    <span className="sr-only">{t("columns.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((job) => (
                  <tr key={job.id}>
                    <td data-label={t("columns.job")}>
                      <strong>{nameOf(job)}</strong>
                      {job.recording_id && <div className="muted small mono">{job.recording_id}</div>}
                    </td>
                    <td data-label={t("columns.error")}>{job.error ?? t("noError")}</td>
                    <td data-label={t("columns.attempts")}>{format.number(job.attempts)}</td>
                    <td data-label={t("columns.when")}>{format.moment(job.updated_at, true)}</td>
                    <td className="table-actions">
                      <button type="button" className="btn btn-sm" disabled={retry.isPending && retry.variables === job.id} onClick={() => onRetry(job)}>
                        {t("retry")}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryStates>
    </section>
  );
}
