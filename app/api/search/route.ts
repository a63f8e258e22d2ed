import { methods } from "@/lib/http/methods";
import { route } from "@/lib/http/route";
import { searchQuery } from "@/lib/search/schemas";
import { searchEverything } from "@/lib/search/search-everything";

// One search over everything the caller may read (README "Search"). An API key needs read:people,
// and finds interview material only with read:interviews too; messages are for sessions only.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  GET: route({ operation: "search", scope: "read:people", query: searchQuery }, ({ ctx, query }) => searchEverything(ctx, query)),
});
