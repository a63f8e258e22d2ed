import { escapeHtml, inlineHtml, markdownHtml, slug } from "./markdown-html";

/** The words of the page around the document's own (messages/<locale>/apiReference.json). */
export type ReferenceText = (key: string, values?: Record<string, string | number>) => string;

type Json = Record<string, unknown>;
type Doc = Json & {
  info: Json;
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; parameters?: Record<string, Json>; responses?: Record<string, Json> };
  tags?: { name: string; description?: string }[];
  webhooks?: Record<string, Record<string, Json>>;
};

const METHODS = ["get", "put", "post", "patch", "delete"];
export const REFERENCE_PATH = "/api/reference";
const SCHEMAS_PATH = `${REFERENCE_PATH}/schemas`;
/** The page of a tag's endpoints. */
export const tagPath = (tag: string) => `${REFERENCE_PATH}/${slug(tag)}`;
const operationAnchor = (op: Json, method: string, path: string) => `op-${slug(String(op.operationId ?? `${method}-${path}`))}`;
/** A path that breaks only after its slashes. */
const pathHtml = (path: string) => escapeHtml(path).replace(/\//g, "/<wbr>");
const refName = (ref: unknown) => (typeof ref === "string" ? ref.split("/").pop()! : "");
const resolve = (doc: Doc, node: Json, kind: "parameters" | "responses") =>
  typeof node.$ref === "string" ? (doc.components[kind]?.[refName(node.$ref)] ?? {}) : node;

/** A schema in a few words: its type, the named schema it refers to (linked), its enum. */
function typeHtml(schema: Json | undefined): string {
  if (!schema) return "";
  if (typeof schema.$ref === "string") return `<a href="${SCHEMAS_PATH}#schema-${slug(refName(schema.$ref))}">${escapeHtml(refName(schema.$ref))}</a>`;
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(" | ");
  if ("const" in schema) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  for (const key of ["anyOf", "oneOf"]) if (Array.isArray(schema[key])) return (schema[key] as Json[]).map(typeHtml).join(" | ");
  if (schema.type === "array") return `${typeHtml(schema.items as Json)}[]`;
  if (schema.type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object")
    return `{ string: ${typeHtml(schema.additionalProperties as Json)} }`;
  return escapeHtml(String(schema.type ?? "any"));
}

function propertiesTable(schema: Json, t: ReferenceText): string {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  if (!Object.keys(properties).length) return "";
  const rows = Object.entries(properties)
    .map(
      ([name, p]) =>
        `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ` <span class="req">${t("required")}</span>` : ""}</td><td>${typeHtml(p)}</td><td>${inlineHtml(String(p.description ?? ""))}</td></tr>`,
    )
    .join("");
  return `<div class="table-wrap"><table><thead><tr><th scope="col">${t("columns.name")}</th><th scope="col">${t("columns.type")}</th><th scope="col">${t("columns.description")}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** Who may call the operation, from the document's extensions: the session permission and the API-key scope. */
function accessParts(op: Json, t: ReferenceText) {
  const scope = op["x-api-key-scope"];
  const scopeText =
    scope === "none"
      ? t("access.public")
      : scope === "sessions-only"
        ? t("access.sessionsOnly")
        : typeof scope === "string"
          ? `<code>${escapeHtml(scope)}</code>`
          : t("access.byPath", {
              scopes: Object.entries(scope as Record<string, string>)
                .map(([area, s]) => `${area}: ${s}`)
                .join(", "),
            });
  const permission =
    op["x-role-kind"] === "admin"
      ? t("access.adminRole")
      : op["x-permission"]
        ? `<code>${escapeHtml(String(op["x-permission"]))}</code>`
        : scope === "none"
          ? t("access.public")
          : t("access.noPermission");
  return { permission, scopeText };
}

function accessHtml(op: Json, t: ReferenceText): string {
  const { permission, scopeText } = accessParts(op, t);
  return (
    `<dl class="access"><div><dt>${t("access.permission")}</dt><dd>${permission}</dd></div><div><dt>${t("access.scope")}</dt><dd>${scopeText}</dd></div>` +
    (op["x-idempotent"] ? `<div><dt>${t("access.idempotency")}</dt><dd>${t("access.idempotent")}</dd></div>` : "") +
    `</dl>`
  );
}

function operationHtml(doc: Doc, method: string, path: string, op: Json, t: ReferenceText, anchor: string): string {
  const parameters = ((op.parameters ?? []) as Json[]).map((p) => resolve(doc, p, "parameters"));
  const body = op.requestBody as { content?: Record<string, { schema?: Json }>; required?: boolean } | undefined;
  const responses = Object.entries((op.responses ?? {}) as Record<string, Json>).map(([status, r]) => [status, resolve(doc, r, "responses")] as const);
  const parts = [
    `<article class="operation" id="${anchor}" aria-labelledby="${anchor}-title">`,
    `<h3 id="${anchor}-title"><span class="method method-${method}">${method.toUpperCase()}</span> <code class="path">${pathHtml(path)}</code> <span class="summary">${escapeHtml(String(op.summary ?? ""))}</span></h3>`,
    // A webhook event is sent by the service, not called: it has no access rules.
    op["x-api-key-scope"] === undefined ? "" : accessHtml(op, t),
    `<div class="description" lang="en">${markdownHtml(String(op.description ?? ""), `${anchor}-`)}</div>`,
  ];
  if (parameters.length) {
    const rows = parameters
      .map(
        (p) =>
          `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${p.required ? t("yes") : t("no")}</td><td>${typeHtml(p.schema as Json)}</td><td lang="en">${inlineHtml(String(p.description ?? ""))}</td></tr>`,
      )
      .join("");
    parts.push(
      `<h4>${t("parameters")}</h4><div class="table-wrap"><table><thead><tr><th scope="col">${t("columns.name")}</th><th scope="col">${t("columns.in")}</th><th scope="col">${t("columns.required")}</th><th scope="col">${t("columns.type")}</th><th scope="col">${t("columns.description")}</th></tr></thead><tbody>${rows}</tbody></table></div>`,
    );
  }
  if (body?.content) {
    const items = Object.entries(body.content).map(
      ([type, media]) =>
        `<li><code>${escapeHtml(type)}</code>: ${typeHtml(media.schema)}${media.schema && !media.schema.$ref ? propertiesTable(media.schema, t) : ""}</li>`,
    );
    parts.push(`<h4>${t("requestBody")}${body.required ? "" : ` <span class="muted">(${t("optional")})</span>`}</h4><ul class="plain">${items.join("")}</ul>`);
  }
  const rows = responses
    .map(([status, r]) => {
      const content = (r.content ?? {}) as Record<string, { schema?: Json }>;
      const types = Object.entries(content)
        .map(([type, media]) => `<code>${escapeHtml(type)}</code> ${typeHtml(media.schema)}`)
        .join("<br>");
      return `<tr><td class="status status-${status[0]}">${escapeHtml(status)}</td><td lang="en">${inlineHtml(String(r.description ?? ""))}</td><td>${types}</td></tr>`;
    })
    .join("");
  parts.push(
    `<h4>${t("responses")}</h4><div class="table-wrap"><table><thead><tr><th scope="col">${t("columns.status")}</th><th scope="col">${t("columns.description")}</th><th scope="col">${t("columns.body")}</th></tr></thead><tbody>${rows}</tbody></table></div>`,
  );
  parts.push("</article>");
  return parts.join("\n");
}

/** Every operation of `paths` (or `webhooks`) under its tag, in the document's order. */
export function operationsByTag(doc: Doc, items: Record<string, Record<string, Json>>) {
  const groups = new Map<string, { method: string; path: string; op: Json }[]>();
  for (const tag of doc.tags ?? []) groups.set(tag.name, []);
  for (const [path, item] of Object.entries(items)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = ((op.tags as string[] | undefined) ?? ["Other"])[0];
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, op });
    }
  }
  return [...groups].filter(([, ops]) => ops.length);
}

/** The endpoints of one tag (or of the webhooks) in full. */
export function endpointsHtml(doc: Doc, ops: { method: string; path: string; op: Json }[], t: ReferenceText) {
  return ops.map(({ method, path, op }) => operationHtml(doc, method, path, op, t, operationAnchor(op, method, path))).join("\n");
}

/** Every endpoint in one table per tag: method and path (linked to its page), summary, permission, scope, Idempotency-Key. */
export function endpointIndexHtml(doc: Doc, t: ReferenceText) {
  return operationsByTag(doc, doc.paths)
    .map(([tag, ops]) => {
      const rows = ops
        .map(({ method, path, op }) => {
          const { permission, scopeText } = accessParts(op, t);
          return (
            `<tr><td><a href="${tagPath(tag)}#${operationAnchor(op, method, path)}"><span class="method method-${method}">${method.toUpperCase()}</span> <code class="path">${pathHtml(path)}</code></a></td>` +
            `<td lang="en">${escapeHtml(String(op.summary ?? ""))}</td><td>${permission}</td><td>${scopeText}</td><td>${op["x-idempotent"] ? t("yes") : t("no")}</td></tr>`
          );
        })
        .join("");
      const description = doc.tags?.find((x) => x.name === tag)?.description;
      return (
        `<section class="tag" aria-labelledby="tag-${slug(tag)}-title"><h3 id="tag-${slug(tag)}-title"><a href="${tagPath(tag)}">${escapeHtml(tag)}</a></h3>` +
        (description ? `<p lang="en">${inlineHtml(description)}</p>` : "") +
        `<table class="index"><thead><tr><th scope="col">${t("columns.endpoint")}</th><th scope="col">${t("columns.summary")}</th><th scope="col">${t("columns.permission")}</th><th scope="col">${t("columns.scope")}</th><th scope="col">${t("columns.idempotent")}</th></tr></thead><tbody>${rows}</tbody></table></section>`
      );
    })
    .join("\n");
}

export function schemasHtml(doc: Doc, t: ReferenceText): string {
  return Object.entries(doc.components.schemas)
    .map(
      ([name, schema]) =>
        `<section class="schema" id="schema-${slug(name)}" aria-labelledby="schema-${slug(name)}-title"><h2 id="schema-${slug(name)}-title">${escapeHtml(name)}</h2><p lang="en">${inlineHtml(String(schema.description ?? ""))}</p>${propertiesTable(schema, t) || `<p>${typeHtml(schema)}</p>`}</section>`,
    )
    .join("\n");
}

export type { Doc as ReferenceDocument };
