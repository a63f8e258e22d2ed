/** Where a recording's server-side steps can be followed: GET /api/audio/recordings/:recordingId. */
export const recordingStatusUrl = (origin: string, recordingId: string) => `${origin}/api/audio/recordings/${recordingId}`;
