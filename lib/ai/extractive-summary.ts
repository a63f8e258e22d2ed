import { stopWords } from "./stop-words";

// A transcript without punctuation is one endless "sentence": such runs are cut into stretches of
// this many words, each a candidate of its own.
const MAX_SENTENCE_WORDS = 40;
// Shorter sentences ("Yes, exactly.") carry too little to stand for the whole.
const MIN_SENTENCE_WORDS = 5;

type Sentence = { text: string; words: string[] };

function segmenter(language: string, granularity: "sentence" | "word") {
  try {
    return new Intl.Segmenter(language, { granularity });
  } catch {
    return new Intl.Segmenter("en", { granularity });
  }
}

function sentencesOf(text: string, language: string): Sentence[] {
  const words = segmenter(language, "word");
  const result: Sentence[] = [];
  for (const { segment } of segmenter(language, "sentence").segment(text)) {
    const parts = [...words.segment(segment)];
    // Cut overlong runs at word starts, keeping the original characters between them.
    const starts = parts.filter((p) => p.isWordLike).map((p) => p.index);
    for (let i = 0; i < Math.max(1, starts.length); i += MAX_SENTENCE_WORDS) {
      const from = i === 0 ? 0 : starts[i];
      const to = i + MAX_SENTENCE_WORDS < starts.length ? starts[i + MAX_SENTENCE_WORDS] : segment.length;
      const piece = segment.slice(from, to).trim();
      const pieceWords = parts.filter((p) => p.isWordLike && p.index >= from && p.index < to).map((p) => p.segment.toLocaleLowerCase(language));
      if (piece) result.push({ text: piece, words: pieceWords });
    }
  }
  return result;
}

/**
 * An offline summary: the sentences of `text` that best carry its most frequent content words
 * (stop words of `language` left out), a few of them, in their original order. Every sentence
 * returned is a sentence of the input, so the summary is in the transcript's own language.
 */
export function extractiveSummary(text: string, language: string, maxSentences = 5): string {
  const sentences = sentencesOf(text.trim(), language);
  const wanted = Math.min(maxSentences, Math.max(1, Math.ceil(sentences.length / 5)));
  if (sentences.length <= Math.max(wanted, 3)) return sentences.map((s) => s.text).join(" ");

  const stop = stopWords(language);
  const content = sentences.map((s) => s.words.filter((w) => !stop.has(w) && /\p{L}/u.test(w)));
  const frequency = new Map<string, number>();
  for (const words of content) for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const top = Math.max(1, ...frequency.values());

  // Dividing by the square root of the length keeps long sentences from winning by length alone.
  const scored = sentences.map((sentence, index) => {
    const words = content[index];
    const weight = words.reduce((sum, word) => sum + (frequency.get(word) ?? 0) / top, 0);
    const eligible = sentence.words.length >= MIN_SENTENCE_WORDS;
    return { index, score: words.length ? weight / Math.sqrt(words.length) : 0, eligible };
  });
  const ranked = [...scored].sort((a, b) => Number(b.eligible) - Number(a.eligible) || b.score - a.score || a.index - b.index);
  return ranked
    .slice(0, wanted)
    .sort((a, b) => a.index - b.index)
    .map((s) => sentences[s.index].text)
    .join(" ");
}
