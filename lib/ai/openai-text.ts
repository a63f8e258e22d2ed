import "server-only";
import OpenAI from "openai";
import { env } from "@/lib/env";
import { countAiCall } from "./call-counts";
import { describeLanguage } from "./languages";
import { providerFailure } from "./provider-failure";

// Many short chat messages go in one request; a request stays well inside any model's context.
const BATCH_TEXTS = 50;
const BATCH_CHARS = 12_000;

async function complete(client: OpenAI, messages: OpenAI.Chat.ChatCompletionMessageParam[], json: boolean) {
  const completion = await client.chat.completions.create({
    model: env().OPENAI_TEXT_MODEL,
    temperature: 0,
    messages,
    ...(json ? { response_format: { type: "json_object" as const } } : {}),
  });
  const content = completion.choices[0]?.message.content?.trim();
  if (!content) throw new Error("the answer was empty");
  return content;
}

/** A summary of `text` written in `language` by the chat model. */
export async function summarizeWithOpenAi(client: OpenAI, text: string, language: string): Promise<string> {
  countAiCall("summarize");
  try {
    return await complete(
      client,
      [
        {
          role: "system",
          content: `Summarise the interview transcript the user sends, in ${describeLanguage(language)}: a few sentences of plain prose, only with facts from the transcript.`,
        },
        { role: "user", content: text },
      ],
      false,
    );
  } catch (error) {
    throw providerFailure("Summary", error);
  }
}

async function translateBatch(client: OpenAI, texts: string[], from: string, to: string): Promise<string[]> {
  countAiCall("translate");
  const answer = await complete(
    client,
    [
      {
        role: "system",
        content:
          `Translate each text of the JSON array the user sends from ${describeLanguage(from)} to ${describeLanguage(to)}. ` +
          `Keep names, numbers, emoji, links and line breaks. Answer with a JSON object {"translations": [...]} ` +
          `holding one translation per text, in the same order.`,
      },
      { role: "user", content: JSON.stringify(texts) },
    ],
    true,
  );
  const translations = (JSON.parse(answer) as { translations?: unknown }).translations;
  if (!Array.isArray(translations) || translations.length !== texts.length || !translations.every((t) => typeof t === "string")) {
    throw new Error("the answer did not hold one translation per text");
  }
  return translations;
}

function batches(texts: string[]): string[][] {
  const result: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  for (const text of texts) {
    if (current.length && (current.length >= BATCH_TEXTS || chars + text.length > BATCH_CHARS)) {
      result.push(current);
      current = [];
      chars = 0;
    }
    current.push(text);
    chars += text.length;
  }
  if (current.length) result.push(current);
  return result;
}

/** Translations of `texts`, in order: one chat request per batch of texts. */
export async function translateWithOpenAi(client: OpenAI, texts: string[], from: string, to: string): Promise<string[]> {
  const result: string[] = [];
  for (const batch of batches(texts)) {
    try {
      result.push(...(await translateBatch(client, batch, from, to)));
    } catch (error) {
      // A model that garbles a batch's JSON may still manage the texts one by one; a refused or
      // failed request would only fail again.
      if (batch.length === 1 || error instanceof OpenAI.APIError) throw providerFailure("Translation", error);
      for (const text of batch) result.push(...(await translateWithOpenAi(client, [text], from, to)));
    }
  }
  return result;
}
