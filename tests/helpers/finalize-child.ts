/**
 * A finalize in a process of its own, for tests/api/audio-finalize-fault.test.ts: the test
 * kills this process at a chosen step (it SIGKILLs itself there, as a crash or an OOM kill
 * would), then checks what the interrupted finalize left and that a retry completes it.
 *
 *   node --import tsx tests/helpers/finalize-child.ts '<json: { token, body, killAt? }>'
 *
 * On reaching each step it prints `step <name>` on its standard output; with `killAt` it kills
 * itself right there. DATABASE_URL and DATA_DIR are the test run's (inherited).
 */
import { authenticate } from "@/lib/auth/authenticate";
import { finalizeFaults, finalizeRecording, type FinalizeStep } from "@/lib/audio/finalize-recording";
import { finalizeSchema } from "@/lib/audio/schemas";
import { serviceOrigin } from "@/lib/hosting/service-origin";

const { token, body, killAt } = JSON.parse(process.argv[2]) as { token: string; body: unknown; killAt?: FinalizeStep };

finalizeFaults.at = (step) => {
  process.stdout.write(`step ${step}\n`);
  if (step === killAt) process.kill(process.pid, "SIGKILL");
};

const { ctx } = await authenticate(new Request("http://localhost/api/audio/finalize", { headers: { authorization: `Bearer ${token}` } }), serviceOrigin());
const { answer, cleanUp } = await finalizeRecording(ctx, finalizeSchema.parse(body));
process.stdout.write(`result ${JSON.stringify(answer)}\n`);
await cleanUp(); // as the route does once the answer is sent
process.exit(0);
