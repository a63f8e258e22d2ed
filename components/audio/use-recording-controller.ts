"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { interviewKeys } from "@/components/interviews/interview-keys";
import { RecordingController, type ControllerSnapshot } from "./recording-controller";

const EMPTY: ControllerSnapshot = { loaded: false, sessions: [], loadError: null };

/** The interview's recording controller for this page: loaded from IndexedDB on mount, disposed on unmount. */
export function useRecordingController(personId: string, interviewId: string) {
  const qc = useQueryClient();
  const [controller, setController] = useState<RecordingController | null>(null);
  useEffect(() => {
    if (typeof indexedDB === "undefined") return;
    const c = new RecordingController(personId, interviewId, () => void qc.invalidateQueries({ queryKey: interviewKeys.detail(personId, interviewId) }));
    setController(c);
    void c.load();
    return () => {
      c.dispose();
      setController(null);
    };
  }, [personId, interviewId, qc]);
  const snapshot = useSyncExternalStore(controller?.subscribe ?? noSubscribe, controller?.getSnapshot ?? emptySnapshot, emptySnapshot);
  return { controller, snapshot };
}

const noSubscribe = () => () => {};
const emptySnapshot = () => EMPTY;
