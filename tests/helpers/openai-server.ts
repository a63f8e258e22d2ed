import http from "node:http";
import type { AddressInfo } from "node:net";
import busboy from "busboy";

/**
 * A small local server speaking the OpenAI HTTP API as the official `openai` SDK uses it (point
 * the app at it with OPENAI_BASE_URL = `url`, OPENAI_API_KEY = `apiKey`, then resetEnvCache()):
 *   POST /v1/audio/transcriptions  multipart (file, model, response_format); answers verbose_json
 *        like whisper-1 (task, language as an English name, duration, text, segments), `json`
 *        or `text`; 413 with OpenAI's error body when the request is above 25 MiB.
 *   POST /v1/chat/completions      deterministic answers: a translation request (the app's prompt
 *        "Translate each text … to Spanish (es)") gets `[es] <text>` per text ("Good morning" →
 *        "Buenos días"); a summary request gets "Summary (<code>): <first 8 words>".
 * Every request needs `Authorization: Bearer <apiKey>` (401 otherwise, as OpenAI answers).
 */
type TranscriptionRequest = {
  model: string;
  responseFormat: string;
  fileName: string;
  file: Buffer;
  /** The whole multipart body, as the upload limit counts it. */
  bodyBytes: number;
};

type ChatRequest = { model: string; messages: Array<{ role: string; content: string }>; responseFormat?: string };

type ScriptedTranscription = {
  text: string;
  /** What the server reports, e.g. "english" like whisper-1, "en" like other servers, or "" for none. */
  language?: string;
  duration?: number;
  segments?: Array<{ start: number; end: number; text: string }>;
};

type Transcriber = (request: TranscriptionRequest, index: number) => ScriptedTranscription | Promise<ScriptedTranscription>;

/** OpenAI's upload limit: 25 MiB for the whole request. */
const OPENAI_MAX_CONTENT_BYTES = 26_214_400;

const KNOWN_TRANSLATIONS: Record<string, Record<string, string>> = {
  es: { "Good morning": "Buenos días", "Thank you": "Gracias" },
  en: { "Buenos días": "Good morning", Gracias: "Thank you" },
};

function parseMultipart(req: http.IncomingMessage, body: Buffer) {
  return new Promise<{ fields: Record<string, string>; fileName: string; file: Buffer }>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let fileName = "";
    const parts: Buffer[] = [];
    const parser = busboy({ headers: req.headers });
    parser.on("field", (name, value) => (fields[name] = value));
    parser.on("file", (_name, stream, info) => {
      fileName = info.filename ?? "";
      stream.on("data", (chunk: Buffer) => parts.push(chunk));
    });
    parser.on("close", () => resolve({ fields, fileName, file: Buffer.concat(parts) }));
    parser.on("error", reject);
    parser.end(body);
  });
}

function chatAnswer(messages: ChatRequest["messages"]): string {
  const system = messages.find((m) => m.role === "system")?.content ?? "";
  const user = messages.filter((m) => m.role === "user").at(-1)?.content ?? "";
  const target = / to [^()]+\(([a-z]{2,3})\)/.exec(system)?.[1];
  if (system.startsWith("Translate") && target) {
    const texts = JSON.parse(user) as string[];
    return JSON.stringify({ translations: texts.map((t) => KNOWN_TRANSLATIONS[target]?.[t] ?? `[${target}] ${t}`) });
  }
  const language = / in [^()]+\(([a-z]{2,3})\)/.exec(system)?.[1] ?? "?";
  return `Summary (${language}): ${user.split(/\s+/).slice(0, 8).join(" ")}`;
}

export async function startOpenAiServer({ apiKey = "sk-test-local", maxContentBytes = OPENAI_MAX_CONTENT_BYTES } = {}) {
  const calls = { transcriptions: 0, chat: 0, refused: 0 };
  const transcriptionRequests: TranscriptionRequest[] = [];
  const chatRequests: ChatRequest[] = [];
  let transcriber: Transcriber = () => ({ text: "Hello from the test server.", language: "english", duration: 1 });
  let chatDelayMs = 0;

  const server = http.createServer(async (req, res) => {
    // Read the whole body, keeping at most the limit (the real server reads on and reports the count).
    const chunks: Buffer[] = [];
    let bodyBytes = 0;
    for await (const chunk of req) {
      bodyBytes += (chunk as Buffer).length;
      if (bodyBytes <= maxContentBytes) chunks.push(chunk as Buffer);
    }
    const json = (status: number, data: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(data));
    };
    const fail = (status: number, message: string, type: string, code: string | null = null) => {
      calls.refused++;
      json(status, { error: { message, type, param: null, code } });
    };

    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return fail(
        401,
        "Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.",
        "invalid_request_error",
        "invalid_api_key",
      );
    }
    if (bodyBytes > maxContentBytes) {
      return fail(413, `Maximum content size limit (${maxContentBytes}) exceeded (${bodyBytes} bytes read)`, "server_error");
    }
    const body = Buffer.concat(chunks);

    if (req.method === "POST" && req.url === "/v1/audio/transcriptions") {
      const { fields, fileName, file } = await parseMultipart(req, body);
      const request = { model: fields.model, responseFormat: fields.response_format ?? "json", fileName, file, bodyBytes };
      transcriptionRequests.push(request);
      const index = calls.transcriptions++;
      if (!file.length) return fail(400, "Invalid file format.", "invalid_request_error");
      const answer = await transcriber(request, index);
      const duration = answer.duration ?? answer.segments?.at(-1)?.end ?? 0;
      const segments = (answer.segments ?? [{ start: 0, end: duration, text: answer.text }]).map((s, id) => ({
        id,
        seek: 0,
        start: s.start,
        end: s.end,
        text: ` ${s.text}`,
        tokens: [],
        temperature: 0,
        avg_logprob: -0.2,
        compression_ratio: 1.2,
        no_speech_prob: 0.01,
      }));
      if (request.responseFormat === "text") return void res.writeHead(200, { "content-type": "text/plain" }).end(answer.text);
      if (request.responseFormat !== "verbose_json") return json(200, { text: answer.text });
      return json(200, { task: "transcribe", language: answer.language ?? "english", duration, text: answer.text, segments });
    }

    if (req.method === "POST" && req.url === "/v1/chat/completions") {
      const parsed = JSON.parse(body.toString("utf8")) as { model: string; messages: ChatRequest["messages"]; response_format?: { type: string } };
      chatRequests.push({ model: parsed.model, messages: parsed.messages, responseFormat: parsed.response_format?.type });
      calls.chat++;
      if (chatDelayMs) await new Promise((resolve) => setTimeout(resolve, chatDelayMs));
      const content = chatAnswer(parsed.messages);
      return json(200, {
        id: `chatcmpl-${calls.chat}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: parsed.model,
        choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    }
    return fail(404, `Invalid URL (${req.method} ${req.url})`, "invalid_request_error");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    /** Requests answered per endpoint, and refused ones (401, 413, …). */
    calls,
    transcriptionRequests,
    chatRequests,
    /** Scripts the transcription answers: called once per request with the upload and its index. */
    answerTranscriptions(handler: Transcriber) {
      transcriber = handler;
    },
    /** Answers chat requests only after `ms` (a slow provider, so that callers overlap). */
    delayChat(ms: number) {
      chatDelayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type OpenAiServer = Awaited<ReturnType<typeof startOpenAiServer>>;
