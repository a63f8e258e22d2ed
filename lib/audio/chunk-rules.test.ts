import { describe, expect, it } from "vitest";
import { describeNumbers, isAcceptedAudioType, isRecordingId, missingChunkNumbers, parseChunkNumber, startsLikeWebm } from "./chunk-rules";

describe("chunk rules", () => {
  it("recordingId: 1-64 of [A-Za-z0-9_-]", () => {
    for (const ok of ["a", "rec-1_X", "x".repeat(64), "0"]) expect(isRecordingId(ok), ok).toBe(true);
    for (const bad of ["", "x".repeat(65), "a/b", "../x", "a.b", "a b", "é", "a\u0000", undefined, 5]) expect(isRecordingId(bad), String(bad)).toBe(false);
  });

  it("chunkNumber: a decimal integer from 1 to 100,000", () => {
    expect(parseChunkNumber("1")).toBe(1);
    expect(parseChunkNumber("100000")).toBe(100_000);
    expect(parseChunkNumber("007")).toBe(7);
    for (const bad of ["0", "100001", "1.0", "1e2", "-1", "+1", "0x10", "", " ", "abc", "9".repeat(30), undefined]) {
      expect(parseChunkNumber(bad), String(bad)).toBeNull();
    }
  });

  it("accepts WebM audio only", () => {
    for (const ok of ["audio/webm", "audio/webm;codecs=opus", 'Audio/WebM; codecs="opus"', "video/webm"]) expect(isAcceptedAudioType(ok), ok).toBe(true);
    for (const bad of ["audio/mp4", "audio/ogg;codecs=opus", "audio/wav", "application/octet-stream", "", null])
      expect(isAcceptedAudioType(bad), String(bad)).toBe(false);
  });

  it("names the missing numbers as ranges", () => {
    expect(missingChunkNumbers([1, 2, 3])).toEqual([]);
    expect(missingChunkNumbers([3, 1, 6, 7, 10])).toEqual([2, 4, 5, 8, 9]);
    expect(missingChunkNumbers([])).toEqual([]);
    expect(describeNumbers([2, 4, 5, 8, 9, 10])).toBe("2, 4-5, 8-10");
    const many = Array.from({ length: 50 }, (_, i) => i * 2 + 1);
    expect(describeNumbers(many, 3)).toBe("1, 3, 5, … (50 missing in all)");
  });

  it("knows a WebM start", () => {
    expect(startsLikeWebm(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1]))).toBe(true);
    expect(startsLikeWebm(new Uint8Array([0x1f, 0x43, 0xb6, 0x75]))).toBe(false); // a Cluster: a later chunk
    expect(startsLikeWebm(new Uint8Array([0x1a]))).toBe(false);
  });
});
