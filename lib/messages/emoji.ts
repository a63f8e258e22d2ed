import emojiRegex from "emoji-regex";

/**
 * Whether `text` is exactly one emoji: one match of emoji-regex (Unicode's RGI emoji, so
 * skin tones, flags, keycaps and ZWJ sequences such as 👨‍👩‍👧 count as one), covering the
 * whole text: no spaces, letters or second emoji around it.
 */
export function isSingleEmoji(text: string): boolean {
  if (!text || text.length > 64) return false;
  const matches = text.match(emojiRegex());
  return matches?.length === 1 && matches[0] === text;
}
