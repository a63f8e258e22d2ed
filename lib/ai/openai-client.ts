import "server-only";
import OpenAI from "openai";
import { env } from "@/lib/env";

const OPENAI_API = "https://api.openai.com/v1";

let cached: { settings: string; client: OpenAI } | undefined;

/**
 * The client of the OpenAI-compatible service in OPENAI_BASE_URL / OPENAI_API_KEY (OpenAI itself,
 * or a local server such as speaches, LocalAI or whisper.cpp's), or null when neither is set.
 * One client per settings: a change of settings (tests, resetEnvCache) gets a new one.
 */
export function openAiClient(): OpenAI | null {
  const { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: baseURL } = env();
  if (!apiKey && !baseURL) return null;
  const settings = JSON.stringify([baseURL, apiKey]);
  if (cached?.settings !== settings) {
    // Local servers often take no key, but the SDK refuses to start without one.
    cached = { settings, client: new OpenAI({ apiKey: apiKey ?? "none", baseURL: baseURL ?? OPENAI_API }) };
  }
  return cached.client;
}
