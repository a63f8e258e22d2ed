import ts from "typescript";

/*
 * How tests/architecture/district-scoped-sql.test.ts reads raw SQL: every SQL text in the code (found by
 * TypeScript's parser, whatever runs it: a tagged `$queryRaw`, a string given to `sqlRows`,
 * `$queryRawUnsafe`, `client.query`, a constant), and, for each table of a district's data
 * that a statement reads or writes, whether that statement constrains its `district_id`.
 */

/** Tables with a district_id column (prisma/schema.prisma; board_members is scoped through its board). */
export const DISTRICT_TABLES = new Set([
  "people",
  "roles",
  "tags",
  "mentor_assignments",
  "person_files",
  "api_keys",
  "api_key_retired_secrets",
  "idempotency_keys",
  "forms",
  "boards",
  "profiles",
  "interviews",
  "interview_files",
  "audio_recordings",
  "audio_chunks",
  "conversations",
  "conversation_participants",
  "messages",
  "transcript_segments",
  "recording_steps",
  "translations",
  "webhook_endpoints",
  "webhook_events",
  "webhook_deliveries",
  "list_changes",
  "people_imports",
  "interview_scorecards",
  "audit_events",
  "audit_heads",
  "audit_pending",
  "notification_preferences",
  "person_presence",
  "notifications",
  "conversation_notices",
  "search_documents",
  "search_pending",
  "sso_connections",
  "interview_invitations",
  "calendar_feeds",
]);

/** One SQL text of the code: `${…}` replaced by `__s<n>__`, with its literal parts and the expressions between them. */
export type SqlSite = {
  line: number;
  /** "tagged": a Prisma template, whose `${…}` are bound values; "plain": text the code puts together. */
  form: "tagged" | "plain";
  text: string;
  chunks: string[];
  substitutions: string[];
};

/** A call that runs SQL the reader cannot see (a variable), to be reviewed one by one. */
export type OpaqueCall = { line: number; call: string };

const RAW_CALLS = new Set(["sqlRows", "$queryRawUnsafe", "$executeRawUnsafe", "query", "exec", "executeSql"]);
const SQL_TAGS = /(\$queryRaw|\$executeRaw|Prisma\.sql)(<[\s\S]*>)?$/;
/** SQL rather than prose ("translated from ${language}"): a statement's verb, and a table after from, join, update or into. */
const looksLikeSql = (text: string) =>
  /\b(select|insert|update|delete)\b/i.test(text) && /(?<!\bdistinct\s+)\b(from|join|update|into)\s+(__s\d+__|[a-z_]\w*)/i.test(text);

const isRegex = (node: ts.Expression) =>
  ts.isRegularExpressionLiteral(node) ||
  (ts.isIdentifier(node) && /^[A-Z][A-Z0-9_]*$/.test(node.text)) ||
  (ts.isNewExpression(node) && node.expression.getText() === "RegExp");

/** The SQL sites and the opaque raw calls of one source file. */
export function sqlSites(fileName: string, source: string): { sites: SqlSite[]; opaque: OpaqueCall[] } {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const sites: SqlSite[] = [];
  const opaque: OpaqueCall[] = [];
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const constants = new Map<string, ts.Expression>();

  const literalText = (node: ts.Node): SqlSite | null => {
    if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node) && !ts.isTemplateExpression(node)) return null;
    const tagged = ts.isTaggedTemplateExpression(node.parent) && SQL_TAGS.test(node.parent.tag.getText(file) + (node.parent.typeArguments ? "<>" : ""));
    const form = tagged ? "tagged" : "plain";
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      return { line: lineOf(node), form, text: node.text, chunks: [node.text], substitutions: [] };
    if (ts.isTemplateExpression(node)) {
      const chunks = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      const substitutions = node.templateSpans.map((s) => s.expression.getText(file));
      const text = chunks.map((c, i) => (i ? `__s${i - 1}__${c}` : c)).join("");
      return { line: lineOf(node), form, text, chunks, substitutions };
    }
    return null;
  };

  const isSqlArgument = (arg: ts.Expression): boolean => {
    if (ts.isStringLiteralLike(arg) || ts.isTemplateExpression(arg)) return true;
    if (ts.isIdentifier(arg)) {
      const value = constants.get(arg.text);
      return Boolean(value && isSqlArgument(value));
    }
    if (ts.isObjectLiteralExpression(arg)) {
      const text = arg.properties.find((p) => p.name?.getText(file) === "text");
      return Boolean(text && ts.isPropertyAssignment(text) && isSqlArgument(text.initializer));
    }
    return false;
  };

  const collectConstants = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isVariableDeclarationList(node.parent) &&
      node.parent.flags & ts.NodeFlags.Const
    ) {
      constants.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, collectConstants);
  };
  collectConstants(file);

  const visit = (node: ts.Node) => {
    const site = literalText(node);
    if (site && (site.form === "tagged" || looksLikeSql(site.text))) sites.push(site);
    if (ts.isCallExpression(node) && node.arguments.length) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : "";
      const regexCall = name === "exec" && ts.isPropertyAccessExpression(callee) && isRegex(callee.expression);
      if (RAW_CALLS.has(name) && !regexCall && !isSqlArgument(node.arguments[0]))
        opaque.push({ line: lineOf(node), call: node.getText(file).split("\n")[0].slice(0, 120) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { sites, opaque };
}

type Ref = { table: string; alias: string; scope: number; at: number; insertTarget: boolean; dynamic: boolean; withColumn: boolean };
type Column = { alias: string | null; scope: number; at: number };

const KEYWORDS = new Set(
  (
    "where on join left right inner outer full cross natural set order group limit offset using values select returning union except intersect " +
    "for having window lateral default and or not as when then else end fetch only skip of nowait do conflict with"
  ).split(" "),
);

/** SQL without comments, string contents or identifier quotes, in lower case; `--` comments are what exemptions say. */
function normalise(sql: string) {
  const comments = [...sql.matchAll(/--([^\n]*)/g)].map((m) => m[1].trim());
  const text = sql
    .replace(/--[^\n]*/g, " ")
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"/g, "")
    .toLowerCase();
  return { text, comments };
}

/** For each position, the innermost parenthesised group it is in (0: the statement), and each group's parent. */
function scopesOf(text: string) {
  const at = new Int32Array(text.length);
  const parent = [-1];
  const stack = [0];
  for (let i = 0; i < text.length; i++) {
    // Each branch of a union is a query level of its own (its aliases are its own).
    if (/^(union|except|intersect)\b/.test(text.slice(i, i + 10)) && /\W/.test(text[i - 1] ?? " ")) {
      parent.push(parent[stack[stack.length - 1]]);
      stack[stack.length - 1] = parent.length - 1;
    }
    if (text[i] === "(") {
      parent.push(stack[stack.length - 1]);
      stack.push(parent.length - 1);
    }
    at[i] = stack[stack.length - 1];
    if (text[i] === ")" && stack.length > 1) stack.pop();
  }
  const within = (inner: number, outer: number) => {
    for (let s = inner; s >= 0; s = parent[s]) if (s === outer) return true;
    return false;
  };
  return { at, parent, within };
}

function refsOf(text: string, scopeAt: Int32Array): Ref[] {
  const refs: Ref[] = [];
  const word = /(?<!\bdistinct\s+)\b(from|join|update|into)\s+(?!\()([a-z_][\w$]*)(\s*\.\s*[a-z_]\w*)?/g;
  for (const m of text.matchAll(word)) {
    let table = m[2];
    if (m[3]) {
      if (table !== "public") continue; // alias.column (extract(epoch from a.created_at))
      table = m[3].replace(/[\s.]/g, "");
    }
    if (KEYWORDS.has(table)) continue;
    let end = m.index + m[0].length;
    if (/^\s*\(/.test(text.slice(end)) && m[1] !== "into") continue; // a function: unnest(…)
    const insertTarget = m[1] === "into" && /\binsert\s+$/.test(text.slice(0, m.index));
    const push = (name: string, from: number, start: number) => {
      const rest = text.slice(from);
      const alias = /^\s+(?:as\s+)?([a-z_]\w*)/.exec(rest);
      const aliasName = alias && !KEYWORDS.has(alias[1]) ? alias[1] : name;
      const withColumn = insertTarget && /^\s*\([^)]*\bdistrict_id\b/.test(rest);
      refs.push({ table: name, alias: aliasName, scope: scopeAt[start], at: start, insertTarget, dynamic: /^__s\d+__$/.test(name), withColumn });
      return from + (alias && !KEYWORDS.has(alias[1]) ? alias[0].length : 0);
    };
    end = push(table, end, m.index);
    // A comma list of tables: from a x, b y
    for (
      let more = /^\s*,\s*([a-z_]\w*)(?![\w(.])/.exec(text.slice(end));
      more && !KEYWORDS.has(more[1]);
      more = /^\s*,\s*([a-z_]\w*)(?![\w(.])/.exec(text.slice(end))
    ) {
      end = push(more[1], end + more[0].length, end + more[0].length - 1);
    }
  }
  return refs;
}

const COLUMN = /(?:\b([a-z_][\w$]*)\s*\.\s*)?\bdistrict_id\b/y;

/** The district_id comparisons: each column compared, with the other side (a column, or anything else: a value). */
function comparisonsOf(text: string, scopeAt: Int32Array): Array<{ left: Column; right: Column | null }> {
  const found: Array<{ left: Column; right: Column | null }> = [];
  const columnAt = (i: number): { column: Column; end: number } | null => {
    COLUMN.lastIndex = i;
    const m = COLUMN.exec(text);
    return m ? { column: { alias: m[1] ?? null, scope: scopeAt[i], at: i }, end: COLUMN.lastIndex } : null;
  };
  for (const m of text.matchAll(/(?:\b[a-z_][\w$]*\s*\.\s*)?\bdistrict_id\b/g)) {
    const here = columnAt(m.index)!;
    const before = text.slice(0, m.index);
    const after = /^\s*(=(?!=)|in\b|is\s+not\s+distinct\s+from\b)\s*/.exec(text.slice(here.end));
    if (after) {
      if (/\bset\s+$/.test(before)) continue; // an assignment, not a comparison
      const other = columnAt(here.end + after[0].length);
      found.push({ left: here.column, right: other ? other.column : null });
    } else if (/(?:^|[^<>!:=])=\s*$/.test(before) && !/\bdistrict_id\s*=\s*$/.test(before)) {
      // `value = x.district_id` (`x.district_id = y.district_id` was counted from its left side).
      found.push({ left: here.column, right: null });
    }
  }
  return found;
}

export type Verdict = {
  /** District tables (as "table alias") the statement does not constrain by district. */
  unconstrained: string[];
  /** Table names put in by `${…}` (placeholders __s<n>__): unknown until the statement is built. */
  dynamicTables: string[];
  /** The reason of an `-- all districts: <why>` comment, if the statement has one. */
  exemption: string | null;
};

/** Whether each district table a statement names is constrained by district_id (directly, or by equality with one that is). */
export function districtVerdict(sql: string): Verdict {
  const { text, comments } = normalise(sql);
  const exemption = comments.map((c) => /^all districts:\s*(.+)$/i.exec(c)?.[1]).find(Boolean) ?? null;
  const scopes = scopesOf(text);
  const refs = refsOf(text, scopes.at);
  const resolve = (column: Column): Ref | "outside" | null => {
    if (column.alias) {
      const candidates = refs.filter((r) => r.alias === column.alias && scopes.within(column.scope, r.scope));
      // The innermost definition of the alias (a subquery may reuse one).
      candidates.sort((a, b) => (scopes.within(a.scope, b.scope) ? -1 : 1));
      return candidates[0] ?? "outside";
    }
    // Unqualified: the table of the nearest enclosing query level that names tables (PostgreSQL
    // refuses an ambiguous one, so one district table there is the one meant).
    for (let s = column.scope; s >= 0; s = scopes.parent[s]) {
      const level = refs.filter((r) => r.scope === s && !r.insertTarget);
      if (!level.length) continue;
      const district = level.filter((r) => DISTRICT_TABLES.has(r.table));
      return district.length === 1 ? district[0] : null;
    }
    return null;
  };
  const anchored = new Set<Ref>(refs.filter((r) => r.withColumn));
  const edges: Array<[Ref, Ref]> = [];
  for (const { left, right } of comparisonsOf(text, scopes.at)) {
    const a = resolve(left);
    const b = right ? resolve(right) : "outside";
    if (a && a !== "outside" && (b === "outside" || b === null)) anchored.add(a);
    else if (b && b !== "outside" && (a === "outside" || a === null)) anchored.add(b);
    else if (a && b && a !== "outside" && b !== "outside") edges.push([a, b]);
  }
  for (let grew = true; grew;) {
    grew = false;
    for (const [a, b] of edges) {
      if (anchored.has(a) !== anchored.has(b)) {
        anchored.add(a).add(b);
        grew = true;
      }
    }
  }
  const district = refs.filter((r) => DISTRICT_TABLES.has(r.table) && !(r.insertTarget ? r.withColumn : anchored.has(r)));
  return {
    unconstrained: [...new Set(district.map((r) => (r.alias === r.table ? r.table : `${r.table} ${r.alias}`)))],
    dynamicTables: refs.filter((r) => r.dynamic).map((r) => r.table),
    exemption,
  };
}

/**
 * What the test does with a statement: "checked" (each district table constrained), "exempt"
 * (`-- all districts: <why>`), "built" (text put together by code around `${…}` the reader cannot
 * see: checked once built, by running the code that builds it), or "gap" (a district table not
 * constrained). `tables` names the `${…}` expressions of Prisma templates that stand for a table
 * holding no district's data (pg-boss's job table).
 */
export function classify(site: SqlSite, tables: Readonly<Record<string, string>>): { verdict: Verdict; status: "checked" | "exempt" | "built" | "gap" } {
  const verdict = districtVerdict(site.text);
  if (verdict.exemption) return { verdict, status: "exempt" };
  const expression = (placeholder: string) => site.substitutions[Number(/\d+/.exec(placeholder)![0])];
  const unknownTables = verdict.dynamicTables.filter((t) => !(expression(t) in tables));
  if (!verdict.unconstrained.length && !unknownTables.length) return { verdict, status: "checked" };
  // sqlParams' `p(value)` is a bound value wherever it stands; anything else may carry SQL.
  const builds = site.form === "plain" && site.substitutions.some((s) => !/^p\(/.test(s));
  return { verdict, status: builds ? "built" : "gap" };
}

/** The statement `text` (as sent) is an instance of `site`: its literal parts, in order, with anything between. */
export function builtFrom(site: SqlSite, text: string): boolean {
  const pattern = site.chunks.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[\\s\\S]*?");
  return new RegExp(`^${pattern}$`).test(text);
}
