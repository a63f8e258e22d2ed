import type { Interview } from "@/components/interviews/interview-types";
import type { RecordingChange } from "@/lib/audio/recording-events.shared";

/** The interview with one of its recordings renamed or gone (a change made here, or heard from elsewhere). */
export function withRecordingChange(interview: Interview, change: RecordingChange): Interview {
  const recording = interview.audio?.[change.recording_id];
  if (!recording) return interview;
  if ("deleted" in change) {
    const { [change.recording_id]: _gone, ...rest } = interview.audio;
    return { ...interview, audio: rest };
  }
  return { ...interview, audio: { ...interview.audio, [change.recording_id]: { ...recording, name: change.name } } };
}
