import { z } from "zod";

export type JsonSchema = { [key: string]: unknown };
export type Io = "input" | "output";

const componentRef = (name: string) => `#/components/schemas/${name}`;

/**
 * Cleans what z.toJSONSchema emits into what a reader of an API reference wants:
 * - integers lose the `minimum`/`maximum` of ±MAX_SAFE_INTEGER that z.int() adds;
 * - response objects lose `additionalProperties: false`: the service may add fields to a
 *   response without a new version, and clients ignore the ones they do not know (and beside a
 *   `$ref`, zod's `additionalProperties: false` would forbid every property of the referred object).
 */
function cleaner(io: Io) {
  return ({ jsonSchema }: { jsonSchema: JsonSchema }) => {
    if (jsonSchema.type === "integer" && jsonSchema.minimum === Number.MIN_SAFE_INTEGER && jsonSchema.maximum === Number.MAX_SAFE_INTEGER) {
      delete jsonSchema.minimum;
      delete jsonSchema.maximum;
    }
    // Also beside a `$ref` (a described use of a named object): there it would forbid every property.
    if (io === "output" && (jsonSchema.type === "object" || "$ref" in jsonSchema) && jsonSchema.additionalProperties === false)
      delete jsonSchema.additionalProperties;
  };
}

/** A converted root carries `$schema` and `$id`; inside an OpenAPI 3.1 document neither is wanted. */
function withoutRootKeywords(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

const INLINE_PREFIX = "__inline_";
const isObject = (v: unknown): v is JsonSchema => typeof v === "object" && v !== null && !Array.isArray(v);
const isIntegerConst = (v: unknown) => isObject(v) && (v.type === "number" || v.type === "integer") && Number.isInteger(v.const) && Object.keys(v).length === 2;

/**
 * Rewrites a converted schema, depth first:
 * - a `$ref` to an inline (unnamed) schema is replaced by that schema, which has no component;
 * - zod writes integer literals (flags, `p: 1`, role ranks) as `{type: "number", const: 1}`:
 *   they become `integer`, and a union of them one `{type: "integer", enum: [...]}`.
 */
function tidy(node: unknown, inline: Map<string, JsonSchema>): unknown {
  if (Array.isArray(node)) return node.map((item) => tidy(item, inline));
  if (!isObject(node)) return node;
  const ref = typeof node.$ref === "string" && node.$ref.startsWith(componentRef(INLINE_PREFIX)) ? node.$ref.slice(componentRef("").length) : null;
  if (ref) {
    const { $ref: _ref, ...rest } = node;
    const target = inline.get(ref);
    if (!target) throw new Error(`Unknown inline schema ${ref}`);
    return tidy({ ...structuredClone(target), ...rest }, inline);
  }
  const out: JsonSchema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, tidy(value, inline)]));
  if (out.type === "number" && Number.isInteger(out.const)) out.type = "integer";
  if (Array.isArray(out.anyOf) && out.anyOf.length > 1 && out.anyOf.every(isIntegerConst)) {
    const { anyOf, ...rest } = out;
    return { type: "integer", enum: (anyOf as JsonSchema[]).map((branch) => branch.const), ...rest };
  }
  return out;
}

type Inline = { id: string; placeholders: JsonSchema[] };

/**
 * Turns zod schemas into JSON Schema 2020-12 (the dialect of OpenAPI 3.1) with zod's own
 * `z.toJSONSchema`. Named schemas become `components.schemas`, referred to by `$ref` wherever
 * they appear; any other schema an operation uses (a list of a named schema, a query
 * parameter, a multipart form) is converted in the same pass, so it refers to the named ones
 * too, and is written inline where it is used.
 *
 * Requests are converted as zod "input" (what a client may send: before defaults and
 * transforms), responses as "output" (what the service sends).
 */
export class SchemaConverter {
  private readonly names: Record<Io, Map<z.ZodType, string>>;
  private readonly inline: Record<Io, Map<z.ZodType, Inline>> = { input: new Map(), output: new Map() };
  private counter = 0;
  private finished = false;

  constructor(private readonly named: Record<Io, Record<string, z.ZodType>>) {
    const shared = Object.keys(named.input).filter((name) => name in named.output);
    if (shared.length) throw new Error(`Component names used for both requests and responses: ${shared.join(", ")}`);
    const byName = (io: Io) => new Map(Object.entries(named[io]).map(([name, schema]) => [schema, name] as const));
    this.names = { input: byName("input"), output: byName("output") };
  }

  /** The JSON Schema of `schema`: a `$ref` to its component, or an object that `finish()` fills in. */
  use(schema: z.ZodType, io: Io): JsonSchema {
    if (this.finished) throw new Error("SchemaConverter.use() after finish()");
    const name = this.names[io].get(schema);
    if (name) return { $ref: componentRef(name) };
    let entry = this.inline[io].get(schema);
    if (!entry) {
      entry = { id: `${INLINE_PREFIX}${this.counter++}`, placeholders: [] };
      this.inline[io].set(schema, entry);
    }
    const placeholder: JsonSchema = {};
    entry.placeholders.push(placeholder);
    return placeholder;
  }

  /** Converts every schema used so far and returns `components.schemas`. */
  finish(): Record<string, JsonSchema> {
    this.finished = true;
    const components: Record<string, JsonSchema> = {};
    const inline = new Map<string, JsonSchema>();
    for (const io of ["output", "input"] as const) {
      const registry = z.registry<{ id: string }>();
      for (const [name, schema] of Object.entries(this.named[io])) registry.add(schema, { id: name });
      for (const [schema, { id }] of this.inline[io]) registry.add(schema, { id });
      const { schemas } = z.toJSONSchema(registry, { io, uri: componentRef, unrepresentable: "throw", override: cleaner(io) });
      // Only cycles or schemas carrying an `id` in zod's global registry would land here.
      if ("__shared" in schemas) throw new Error(`Schemas without a component name were extracted: ${JSON.stringify(schemas.__shared)}`);
      for (const name of Object.keys(this.named[io])) components[name] = withoutRootKeywords(schemas[name] as JsonSchema);
      for (const { id } of this.inline[io].values()) inline.set(id, withoutRootKeywords(schemas[id] as JsonSchema));
    }
    for (const io of ["output", "input"] as const) {
      for (const { id, placeholders } of this.inline[io].values()) {
        for (const placeholder of placeholders) Object.assign(placeholder, tidy(inline.get(id), inline));
      }
    }
    return Object.fromEntries(Object.entries(components).map(([name, schema]) => [name, tidy(schema, inline) as JsonSchema]));
  }
}
