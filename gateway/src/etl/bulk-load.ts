import { Readable } from 'node:stream';
import type { QueryRunner } from 'typeorm';

/**
 * Raw event rows into their table the cheapest way the server allows: LOAD DATA LOCAL INFILE of
 * a tab-separated buffer built in memory (MariaDB allows it by default), else one multi-row
 * INSERT IGNORE (MySQL 8 turns local_infile off by default; ETL_LOAD_DATA=0 forces this path).
 * Both skip rows whose key is stored already and answer how many rows were new.
 */
export async function insertIgnoreRows(
  qr: QueryRunner,
  table: string,
  columns: string,
  rows: unknown[][],
): Promise<number> {
  if (!rows.length) return 0;
  if (await loadDataAllowed(qr)) {
    const res = await loadData(
      qr,
      `LOAD DATA LOCAL INFILE 'rows' IGNORE INTO TABLE ${table} CHARACTER SET utf8mb4 (${columns})`,
      tsv(rows),
    );
    return res.affectedRows;
  }
  const res: { affectedRows: number } = await qr.query(`INSERT IGNORE INTO ${table} (${columns}) VALUES ?`, [rows]);
  return res.affectedRows;
}

/**
 * The same for rows already in LOAD DATA's text form (`text`, one line per row, see tsvCell), whose
 * columns are `textColumns`; `rows` makes the tuples of `columns` for the INSERT IGNORE path.
 */
export async function insertIgnoreText(
  qr: QueryRunner,
  table: string,
  textColumns: string,
  text: () => string,
  columns: string,
  rows: () => unknown[][],
): Promise<number> {
  if (await loadDataAllowed(qr)) {
    const body = text();
    if (!body) return 0;
    const sql = `LOAD DATA LOCAL INFILE 'rows' IGNORE INTO TABLE ${table} CHARACTER SET utf8mb4 (${textColumns})`;
    return (await loadData(qr, sql, body)).affectedRows;
  }
  return insertIgnoreRows(qr, table, columns, rows());
}

let allowed: boolean | null = null;

/** Asked once per process: the server's local_infile (and ETL_LOAD_DATA not 0). */
export async function loadDataAllowed(qr: QueryRunner): Promise<boolean> {
  if (allowed === null) {
    if (process.env.ETL_LOAD_DATA === '0') allowed = false;
    else {
      const [row]: { on: number | string }[] = await qr.query('SELECT @@GLOBAL.local_infile AS `on`');
      allowed = Number(row?.on) === 1;
    }
  }
  return allowed;
}

interface MysqlConnection {
  query(
    options: { sql: string; infileStreamFactory: () => Readable },
    callback: (err: Error | null, res: { affectedRows: number }) => void,
  ): void;
}

/** The statement on the query runner's own connection (inside its transaction), fed `body`. */
async function loadData(qr: QueryRunner, sql: string, body: string): Promise<{ affectedRows: number }> {
  const conn = (await qr.connect()) as MysqlConnection;
  return new Promise((resolve, reject) => {
    conn.query({ sql, infileStreamFactory: () => Readable.from([Buffer.from(body)]) }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };
const SPECIAL = /[\\\t\n\r\0]/g;

const SPECIAL_TEST = /[\\\t\n\r\0]/;

/** One string cell in LOAD DATA's default format (backslash escapes; most cells have none to escape). */
export const tsvCell = (v: string): string => (SPECIAL_TEST.test(v) ? v.replace(SPECIAL, (c) => ESCAPES[c]) : v);

/** LOAD DATA's default format: tab between fields, newline after rows, backslash escapes, \N for NULL. */
function tsv(rows: unknown[][]): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const v = row[i];
      if (i) out += '\t';
      if (v === null || v === undefined) out += '\\N';
      else if (typeof v === 'number' || typeof v === 'bigint') out += String(v);
      else out += tsvCell(String(v));
    }
    out += '\n';
  }
  return out;
}
