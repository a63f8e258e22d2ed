/** `npm run routes:index`: writes lib/openapi/route-index.ts from the route files under app/. */
import fs from "node:fs";
import { apiRouteFiles, routeIndexSource } from "@/lib/openapi/route-files";

const files = apiRouteFiles();
fs.writeFileSync("lib/openapi/route-index.ts", routeIndexSource(files));
console.log(`lib/openapi/route-index.ts: ${files.length} route files`);
