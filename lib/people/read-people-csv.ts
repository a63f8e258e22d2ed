import { CsvError, parse } from "csv-parse/sync";
import { AppError, invalid } from "@/lib/errors/app-error";
import { MAX_IMPORT_ROWS, PEOPLE_CSV_COLUMNS, REQUIRED_IMPORT_COLUMNS, type PeopleCsvColumn } from "./csv-schemas";

/** A person row of the file: its row number (header = 1) and its cells by column. */
type CsvRow = { row: number; cells: Partial<Record<PeopleCsvColumn, string>>; width: number };
export type PeopleCsv = { delimiter: "," | ";"; columns: PeopleCsvColumn[]; rows: CsvRow[] };

/** Spellings spreadsheets and other systems use for our columns. */
const ALIASES: Record<string, PeopleCsvColumn> = {
  first_name: "first",
  firstname: "first",
  given_name: "first",
  last_name: "last",
  lastname: "last",
  family_name: "last",
  surname: "last",
  e_mail: "email",
  email_address: "email",
  role: "primary_role",
  roles: "other_roles",
};

const fileError = (message: string) => new AppError("validation_error", message, [{ path: "file", message }]);

/** The 1-based line of the first byte that is not UTF-8, or 0 when every byte is. */
function firstInvalidUtf8Line(bytes: Uint8Array): number {
  let line = 1;
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i];
    if (b === 0x0a) line++;
    const size = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (!size || i + size > bytes.length) return line;
    for (let k = 1; k < size; k++) if ((bytes[i + k] & 0xc0) !== 0x80) return line;
    // Overlong 3-byte forms, UTF-16 surrogates, and code points past U+10FFFF.
    if (
      (b === 0xe0 && bytes[i + 1] < 0xa0) ||
      (b === 0xed && bytes[i + 1] >= 0xa0) ||
      (b === 0xf0 && bytes[i + 1] < 0x90) ||
      (b === 0xf4 && bytes[i + 1] >= 0x90)
    )
      return line;
    i += size;
  }
  return 0;
}

/** UTF-8 text of the file, without a BOM; anything else is a 400 that says what to do. */
function decodeCsv(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw fileError("The file is UTF-16 text. Save it as “CSV UTF-8” and upload it again.");
  }
  const line = firstInvalidUtf8Line(bytes);
  if (line) {
    throw fileError(
      `The file is not UTF-8 text: line ${line} has bytes that are not UTF-8 (perhaps it was saved as Latin-1 or Windows-1252). Save it as “CSV UTF-8” and upload it again.`,
    );
  }
  const text = new TextDecoder("utf-8").decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Comma or semicolon, whichever the header row uses more often outside quotes (comma on a tie). */
function detectDelimiter(text: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) break;
    else if (!quoted && c === ",") commas++;
    else if (!quoted && c === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

const normalizeHeader = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** The header row as columns; unknown, repeated or missing columns refuse the whole file. */
function readHeader(header: string[]): PeopleCsvColumn[] {
  const problems: { path: string; message: string }[] = [];
  const columns: PeopleCsvColumn[] = [];
  header.forEach((raw, i) => {
    const name = normalizeHeader(raw);
    const column = (PEOPLE_CSV_COLUMNS as readonly string[]).includes(name) ? (name as PeopleCsvColumn) : ALIASES[name];
    if (!column) problems.push({ path: `header.${i + 1}`, message: `Unknown column “${raw.slice(0, 60)}”. Columns: ${PEOPLE_CSV_COLUMNS.join(", ")}.` });
    else if (columns.includes(column)) problems.push({ path: `header.${i + 1}`, message: `The column ${column} appears twice.` });
    else columns.push(column);
  });
  for (const column of REQUIRED_IMPORT_COLUMNS) {
    if (!columns.includes(column)) problems.push({ path: "header", message: `The column ${column} is missing.` });
  }
  if (problems.length) throw new AppError("validation_error", "The file's header row does not fit: see details.", problems);
  return columns;
}

/**
 * Parses an import file: UTF-8 with or without a BOM, comma or semicolon delimited (detected),
 * quoted cells with quotes and line breaks inside them, a header row naming the columns (in any
 * order; see PEOPLE_CSV_COLUMNS). Empty rows are skipped. Malformed quoting refuses the file with
 * its line; more than MAX_IMPORT_ROWS person rows is a 413.
 */
export function readPeopleCsv(bytes: Uint8Array): PeopleCsv {
  const text = decodeCsv(bytes);
  if (!text.trim()) throw fileError("The file is empty: it needs a header row and at least one person.");
  const delimiter = detectDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true, to: MAX_IMPORT_ROWS + 2 });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw fileError(`The file is not valid CSV${line ? ` near line ${line}` : ""}: ${error.message.replace(/^Invalid [^:]*: /, "")}`);
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw invalid("file", "The file has no header row.");
  const columns = readHeader(header);
  if (!body.length) throw fileError("The file has a header row but no people.");
  if (body.length > MAX_IMPORT_ROWS) {
    throw new AppError(
      "payload_too_large",
      `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en")} people; import at most ${MAX_IMPORT_ROWS.toLocaleString("en")} rows at a time (split the file).`,
    );
  }
  const rows = body.map((cells, i) => ({
    row: i + 2,
    width: cells.length,
    cells: Object.fromEntries(columns.map((column, c) => [column, cells[c] ?? ""])) as CsvRow["cells"],
  }));
  return { delimiter, columns, rows };
}
