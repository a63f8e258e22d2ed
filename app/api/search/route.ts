import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { searchEndpoints } from "@/lib/openapi/paths-search";
import { searchEverything } from "@/lib/search/search-everything";

// One search over everything the caller may read (docs/api.md "Search"; how: docs/architecture.md "Search"). An API key needs read:people,
// and finds interview material only with read:interviews too; messages are for sessions only.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods(route(searchEndpoints.search, ({ ctx, query }) => searchEverything(ctx, query)));
