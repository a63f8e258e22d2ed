import { languageCode } from "@/lib/languages/language-code.shared";

/*
 * whisper (OpenAI's whisper-1) names the language it heard in English words ("english"), while
 * other OpenAI-compatible servers answer with codes ("en"). The service speaks BCP 47 primary
 * subtags. The names below are whisper's 99 languages and its aliases.
 */
const WHISPER_NAMES: Record<string, string> = {
  afrikaans: "af",
  albanian: "sq",
  amharic: "am",
  arabic: "ar",
  armenian: "hy",
  assamese: "as",
  azerbaijani: "az",
  bashkir: "ba",
  basque: "eu",
  belarusian: "be",
  bengali: "bn",
  bosnian: "bs",
  breton: "br",
  bulgarian: "bg",
  burmese: "my",
  cantonese: "yue",
  castilian: "es",
  catalan: "ca",
  chinese: "zh",
  croatian: "hr",
  czech: "cs",
  danish: "da",
  dutch: "nl",
  english: "en",
  estonian: "et",
  faroese: "fo",
  finnish: "fi",
  flemish: "nl",
  french: "fr",
  galician: "gl",
  georgian: "ka",
  german: "de",
  greek: "el",
  gujarati: "gu",
  haitian: "ht",
  "haitian creole": "ht",
  hausa: "ha",
  hawaiian: "haw",
  hebrew: "he",
  hindi: "hi",
  hungarian: "hu",
  icelandic: "is",
  indonesian: "id",
  italian: "it",
  japanese: "ja",
  javanese: "jv",
  kannada: "kn",
  kazakh: "kk",
  khmer: "km",
  korean: "ko",
  lao: "lo",
  latin: "la",
  latvian: "lv",
  letzeburgesch: "lb",
  lingala: "ln",
  lithuanian: "lt",
  luxembourgish: "lb",
  macedonian: "mk",
  malagasy: "mg",
  malay: "ms",
  malayalam: "ml",
  maltese: "mt",
  mandarin: "zh",
  maori: "mi",
  marathi: "mr",
  moldavian: "ro",
  moldovan: "ro",
  mongolian: "mn",
  myanmar: "my",
  nepali: "ne",
  norwegian: "no",
  nynorsk: "nn",
  occitan: "oc",
  panjabi: "pa",
  pashto: "ps",
  persian: "fa",
  polish: "pl",
  portuguese: "pt",
  punjabi: "pa",
  pushto: "ps",
  romanian: "ro",
  russian: "ru",
  sanskrit: "sa",
  serbian: "sr",
  shona: "sn",
  sindhi: "sd",
  sinhala: "si",
  sinhalese: "si",
  slovak: "sk",
  slovenian: "sl",
  somali: "so",
  spanish: "es",
  sundanese: "su",
  swahili: "sw",
  swedish: "sv",
  tagalog: "tl",
  tajik: "tg",
  tamil: "ta",
  tatar: "tt",
  telugu: "te",
  thai: "th",
  tibetan: "bo",
  turkish: "tr",
  turkmen: "tk",
  ukrainian: "uk",
  urdu: "ur",
  uzbek: "uz",
  valencian: "ca",
  vietnamese: "vi",
  welsh: "cy",
  yiddish: "yi",
  yoruba: "yo",
};

const englishNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/**
 * The BCP 47 primary language subtag ("en") of what a provider reported: a whisper name
 * ("english", "Spanish"), else a tag as lib/languages/language-code.shared.ts reads it ("en-US", an old
 * or three-letter code like "eng", whisper's "jw" for Javanese). undefined when it names no known
 * language.
 */
export function toLanguageCode(value: string | null | undefined): string | undefined {
  return WHISPER_NAMES[value?.trim().toLowerCase() ?? ""] ?? languageCode(value);
}

/** "Spanish (es)": how prompts name a language, so that a model cannot mistake the code. */
export function describeLanguage(code: string): string {
  const name = englishNames.of(code);
  return name ? `${name} (${code})` : code;
}
