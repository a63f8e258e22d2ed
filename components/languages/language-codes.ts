/**
 * The languages the pickers offer (BCP 47), in the order of their codes. Any other valid code
 * can still be typed; these are the languages a district's people most often speak.
 */
export const LANGUAGE_CODES = [
  "af", "am", "ar", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "de", "el", "en", "es", "es-MX", "et", "eu", "fa",
  "fi", "fr", "ga", "gl", "gu", "ha", "he", "hi", "hmn", "hr", "ht", "hu", "hy", "id", "ig", "is", "it", "ja", "ka", "kk",
  "km", "kn", "ko", "ku", "ky", "lo", "lt", "lv", "mk", "ml", "mn", "mr", "ms", "my", "ne", "nl", "no", "pa", "pl", "ps",
  "pt", "pt-BR", "ro", "ru", "rw", "sk", "sl", "so", "sq", "sr", "sv", "sw", "ta", "te", "th", "ti", "tl", "tr", "uk", "ur",
  "uz", "vi", "xh", "yi", "yo", "zh", "zh-Hant", "zu",
] as const;
