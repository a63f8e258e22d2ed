import { jsonResponse } from "@/lib/http/json-response";
import { methods } from "@/lib/http/methods";
import { publicRoute } from "@/lib/http/public-route";
import { unsubscribe } from "@/lib/notifications/unsubscribe";
import { accountEndpoints } from "@/lib/openapi/paths-account";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click`; the signed token in
  // the query is all that counts, so the body is not read. The confirmation page's form posts here
  // too, and its browser is sent back to the page, which then says it is done.
  publicRoute(accountEndpoints.unsubscribe, async (req, _context, { query }) => {
    const result = await unsubscribe(query);
    if ((req.headers.get("accept") ?? "").includes("text/html")) {
      return new Response(null, { status: 303, headers: { location: `/unsubscribe?done=${result.kind}` } });
    }
    return jsonResponse(result, { headers: { "Cache-Control": "no-store" } });
  }),
);
