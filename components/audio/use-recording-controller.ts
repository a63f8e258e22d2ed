"use client";

import { useEffect, useEffectEvent, useState, useSyncExternalStore } from "react";
import { RecordingController, type ControllerSnapshot } from "./recording-controller";

const EMPTY: ControllerSnapshot = { loaded: false, sessions: [], loadError: null };

/**
 * The interview's recording controller for this page: loaded from IndexedDB on mount, disposed on
 * unmount. `onSaved` runs when a recording reached the server (the page fetches the interview).
 */
export function useRecordingController(personId: string, interviewId: string, onSaved: () => void) {
  const saved = useEffectEvent(onSaved);
  const [controller, setController] = useState<RecordingController | null>(null);
  useEffect(() => {
    if (typeof indexedDB === "undefined") return;
    const c = new RecordingController(personId, interviewId, () => saved());
    setController(c);
    void c.load();
    return () => {
      c.dispose();
      setController(null);
    };
  }, [personId, interviewId]);
  const snapshot = useSyncExternalStore(controller?.subscribe ?? noSubscribe, controller?.getSnapshot ?? emptySnapshot, emptySnapshot);
  return { controller, snapshot };
}

const noSubscribe = () => () => {};
const emptySnapshot = () => EMPTY;
