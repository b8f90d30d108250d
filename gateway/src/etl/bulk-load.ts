import { Readable } from 'node:stream';
import type { QueryRunner } from 'typeorm';
import { chunks } from '../shared/chunks';

/** Rows a portable INSERT IGNORE carries (its statement stays far below max_allowed_packet). */
const INSERT_ROWS = 5000;
/** LOAD DATA's text goes to the server in packets of about this many characters. */
const PACKET_CHARS = 256 * 1024;

/**
 * Rows into their table the cheapest way the server allows, skipping rows whose key is stored already;
 * answers how many rows were new. LOAD DATA LOCAL INFILE (MariaDB allows it by default): every row in ONE
 * statement, its text (`text`, a line per row in LOAD DATA's default format, see tsvCell) made and sent a
 * packet at a time (a batch's 50k impressions were ten statements).
 * Else (MySQL 8 turns local_infile off by default; ETL_LOAD_DATA=0 forces it) multi-row INSERT IGNORE
 * of `row`'s tuples, INSERT_ROWS a statement.
 */
export async function insertIgnore<T>(
  qr: QueryRunner,
  table: string,
  columns: string,
  rows: readonly T[],
  text: (r: T) => string,
  row: (r: T) => unknown[],
): Promise<number> {
  if (!rows.length) return 0;
  if (await loadDataAllowed(qr)) return loadRows(qr, table, columns, rows, text);
  let inserted = 0;
  for (const part of chunks(rows, INSERT_ROWS)) {
    const res: { affectedRows: number } = await qr.query(`INSERT IGNORE INTO ${table} (${columns}) VALUES ?`, [
      part.map(row),
    ]);
    inserted += res.affectedRows;
  }
  return inserted;
}

/**
 * The fast path of insertIgnore alone: every row in one LOAD DATA LOCAL INFILE (the caller has asked
 * loadDataAllowed), a row whose key is stored already skipped; answers how many rows were new.
 */
export async function loadRows<T>(
  qr: QueryRunner,
  table: string,
  columns: string,
  rows: readonly T[],
  text: (r: T) => string,
): Promise<number> {
  const sql = `LOAD DATA LOCAL INFILE 'rows' IGNORE INTO TABLE ${table} CHARACTER SET utf8mb4 (${columns})`;
  return (await loadData(qr, sql, () => Readable.from(packets(rows, text)))).affectedRows;
}

function* packets<T>(rows: readonly T[], text: (r: T) => string): Generator<Buffer> {
  let out = '';
  for (const r of rows) {
    out += text(r);
    if (out.length >= PACKET_CHARS) {
      yield Buffer.from(out);
      out = '';
    }
  }
  if (out) yield Buffer.from(out);
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

let idStep: number | null | undefined;

/**
 * The step between the auto-increment ids one multi-row INSERT ... VALUES takes, when the server
 * guarantees they are consecutive (asked once per process): InnoDB's autoinc lock modes 0 and 1 (MariaDB's
 * default, MySQL 8 configured so) give a "simple insert" consecutive ids from its first (insertId), so
 * the caller need not read its new rows back. null on the portable path: lock mode 2 (MySQL 8's default),
 * TiDB (ids cached per server), or ETL_INSERT_IDS=0.
 */
export async function consecutiveIdStep(qr: QueryRunner): Promise<number | null> {
  if (idStep === undefined) {
    idStep = null;
    if (process.env.ETL_INSERT_IDS !== '0') {
      try {
        const [row]: { mode: number | string; step: number | string; version: string }[] = await qr.query(
          'SELECT @@innodb_autoinc_lock_mode AS mode, @@auto_increment_increment AS step, VERSION() AS version',
        );
        if (row && Number(row.mode) <= 1 && !/tidb/i.test(row.version)) idStep = Number(row.step) || null;
      } catch {
        // A server without the variables: the portable path.
      }
    }
  }
  return idStep;
}

interface MysqlConnection {
  query(
    options: { sql: string; infileStreamFactory: () => Readable },
    callback: (err: Error | null, res: { affectedRows: number }) => void,
  ): void;
}

/** The statement on the query runner's own connection (inside its transaction), fed `body`'s packets. */
async function loadData(qr: QueryRunner, sql: string, body: () => Readable): Promise<{ affectedRows: number }> {
  const conn = (await qr.connect()) as MysqlConnection;
  return new Promise((resolve, reject) => {
    conn.query({ sql, infileStreamFactory: body }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '\\0' };
const SPECIAL = /[\\\t\n\r\0]/g;

const SPECIAL_TEST = /[\\\t\n\r\0]/;

/** One string cell in LOAD DATA's default format (backslash escapes; most cells have none to escape). */
export const tsvCell = (v: string): string => (SPECIAL_TEST.test(v) ? v.replace(SPECIAL, (c) => ESCAPES[c]) : v);
