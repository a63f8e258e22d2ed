import { methods } from "@/lib/http/methods";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // Liveness for load balancers and process supervisors: the app answers. Public and free of
  // database work on purpose (it is also the benchmark's measure of the framework's own cost).
  GET: async () => Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } }),
});
