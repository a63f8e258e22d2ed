import pg from "pg";
import { RECORD_TYPES } from "@/lib/audit/actions.shared";

/*
 * The audit trail's actor travels with the statements that change audited tables, as the
 * transaction-local setting `cas.actor` (read by the database's audit triggers). Local to the
 * transaction, because on the embedded database every connection shares one backend session.
 * The setting goes in the same round trip as the statement it serves: its Parse/Bind/Execute are
 * written before (a lone statement: both run in the implicit transaction that ends at the one
 * Sync) or after (a BEGIN) the statement's own, and its answer is left out of the result.
 */

type Connection = {
  parse(message: { text: string; name?: string; types?: unknown[] }): void;
  bind(message: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(message: { portal?: string; rows?: number }): void;
  sync(): void;
  flush(): void;
};

type QueryInternals = {
  queryMode?: string;
  portal: string;
  callback?: (error: Error | null, result?: unknown) => void;
  prepare(connection: Connection): void;
  handleCommandComplete(message: unknown, connection: Connection): void;
};

type QueryConstructor = new (config: unknown, values?: unknown, callback?: unknown) => QueryInternals;

// No row comes back: set_config's answer is left out by its place, not by filtering rows.
const SET_ACTOR = "select where set_config('cas.actor', $1, true) is null";

/** A statement sent with the actor setting: "before" it (a statement alone), or "after" it (its BEGIN). */
export class ActorQuery extends (pg.Query as unknown as QueryConstructor) {
  private completions = 0;

  constructor(
    config: unknown,
    values: unknown,
    callback: unknown,
    private readonly actor: string,
    private readonly place: "before" | "after",
  ) {
    super(config, values, callback);
    // Both statements go through the extended protocol, up to one Sync.
    this.queryMode = "extended";
  }

  private sendActor(connection: Connection) {
    connection.parse({ text: SET_ACTOR, name: "" });
    connection.bind({ portal: "", statement: "", values: [this.actor] });
    connection.execute({ portal: "", rows: 0 });
  }

  prepare(connection: Connection) {
    if (this.place === "before") this.sendActor(connection);
    super.prepare(connection);
  }

  /** pg's Query sends its Execute and then the Sync here: the setting goes between them when it comes after. */
  _getRows(connection: Connection, rows?: number) {
    connection.execute({ portal: this.portal, rows });
    if (rows) return connection.flush(); // a cursor's page: pg's own way
    if (this.place === "after") this.sendActor(connection);
    connection.sync();
  }

  handleCommandComplete(message: unknown, connection: Connection) {
    const mine = this.completions++ === (this.place === "before" ? 0 : 1);
    if (!mine) super.handleCommandComplete(message, connection);
  }
}

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const MAYBE_WRITE = /^\s*(insert|update|delete|with|merge)\b/i;
const AUDITED_WRITE = new RegExp(
  `\\b(?:insert\\s+into|update|delete\\s+from|merge\\s+into)\\s+(?:only\\s+)?(?:"?public"?\\s*\\.\\s*)?"?(?:${Object.keys(RECORD_TYPES).join("|")})"?(?![\\w$])`,
  "i",
);

// What each statement text needs, worked out once (the app's texts are a small set; a few are built).
const kinds = new Map<string, "begin" | "write" | "other">();

/** Whether a statement opens a transaction, writes a table the audit trail follows, or neither. */
export function statementKind(text: string): "begin" | "write" | "other" {
  let kind = kinds.get(text);
  if (kind) return kind;
  kind = BEGIN.test(text) ? "begin" : MAYBE_WRITE.test(text) && AUDITED_WRITE.test(text) ? "write" : "other";
  if (kinds.size >= 5000) kinds.clear();
  kinds.set(text, kind);
  return kind;
}
