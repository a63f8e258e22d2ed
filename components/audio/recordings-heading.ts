/** The id of the recordings card's heading (components/interviews/recordings-card.tsx): where the focus goes after a recording is deleted. */
export const RECORDINGS_HEADING_ID = "recordings-title";
