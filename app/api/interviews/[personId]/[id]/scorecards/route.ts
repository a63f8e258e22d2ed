import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { scorecardEndpoints } from "@/lib/openapi/paths-scorecards";
import { listScorecards } from "@/lib/scorecards/list-scorecards";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(
  route(scorecardEndpoints.listScorecards, ({ ctx, params }) => listScorecards(ctx, params.personId, params.id)),
);
