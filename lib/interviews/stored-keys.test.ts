import { describe, expect, it } from "vitest";
import { recordingKeys } from "./stored-keys";

describe("recordingKeys", () => {
  it("lists each recording's file and waiting chunks in this district's audio folders, and nothing else", () => {
    const recordings = [
      { storageKey: "d1/audio/p/r1.webm", chunks: [] },
      { storageKey: null, chunks: [{ storageKey: "d1/audio-chunks/r2/a" }, { storageKey: "d1/audio-chunks/r2/b" }] },
      { storageKey: "d2/audio/p/r3.webm", chunks: [] },
      { storageKey: "d1/audio/../people/p/secret", chunks: [{ storageKey: "d1/people/p/x" }] },
      { storageKey: "(sweeping)", chunks: [] },
    ];
    expect(recordingKeys("d1", recordings)).toEqual(["d1/audio/p/r1.webm", "d1/audio-chunks/r2/a", "d1/audio-chunks/r2/b"]);
    expect(recordingKeys("d1", [])).toEqual([]);
  });
});
