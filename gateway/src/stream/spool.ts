import {
  appendFileSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../shared/logger';
import type { Hit } from './hit';
import type { HitLog } from './hit-log';

/**
 * When the hit log is unreachable, pixel hits are not lost: they are appended (one JSON line each) to a
 * spool file of this process in SPOOL_DIR, and replayed into the log once it answers again.
 * Replay renames the file first, so hits spooled meanwhile go to a fresh file; a crash during
 * replay leaves the renamed file to be replayed again (event ids make that harmless). Files of
 * processes that no longer exist are replayed too.
 *
 * Durability on a machine crash (`SPOOL_FSYNC_MS`, default 100): the append reaches the OS before the
 * pixel answers (a process crash loses nothing); the file is fsynced at most `fsyncMs` later, so a power
 * loss or kernel crash loses at most that window of spooled hits. 0 fsyncs every write before answering.
 */
export class Spool {
  private readonly file: string;
  private timer: NodeJS.Timeout | null = null;
  private replaying = false;
  private syncTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly dir: string,
    /** Replayed hits go to their households' shards of this log. */
    private readonly hitLog: HitLog,
    private readonly log: Logger,
    private readonly fsyncMs = 100,
  ) {
    this.file = join(dir, `hits-${process.pid}.ndjson`);
  }

  /** Appends synchronously: the hit is on disk before the pixel answers. */
  write(hits: Hit[]): void {
    if (!existsSync(this.dir)) mkdirSync(this.dir, { recursive: true });
    appendFileSync(this.file, hits.map((h) => `${JSON.stringify(h)}\n`).join(''));
    if (this.fsyncMs === 0) this.sync();
    else if (!this.syncTimer) {
      this.syncTimer = setTimeout(() => {
        this.syncTimer = null;
        this.sync();
      }, this.fsyncMs);
      this.syncTimer.unref();
    }
  }

  /** Forces this process's spool file to disk (any descriptor of the file flushes its data). */
  private sync(): void {
    try {
      const fd = openSync(this.file, 'r');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    } catch (e) {
      // Renamed by a replay meanwhile (already on its way to the stream) or gone: nothing to flush.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.log.warn({ err: e }, 'spool fsync failed');
    }
  }

  /** Hits waiting on disk in this spool directory (all processes). */
  pendingBytes(): number {
    return spooledBytes(this.dir);
  }

  start(intervalMs = 1000): void {
    this.timer = setInterval(() => void this.replay(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.syncTimer) {
      clearTimeout(this.syncTimer);
      this.syncTimer = null;
      this.sync();
    }
  }

  /** Moves spooled hits into the stream; answers how many were replayed. */
  async replay(): Promise<number> {
    if (this.replaying || !this.hitLog.available() || !existsSync(this.dir)) return 0;
    this.replaying = true;
    let replayed = 0;
    try {
      for (const name of readdirSync(this.dir)) {
        // hits-<writer pid>.ndjson, or hits-<writer pid>.ndjson.replay-<replayer pid>-<ms> while replaying
        const m = /^hits-(\d+)\.ndjson(?:\.replay-(\d+)-\d+)?$/.exec(name);
        if (!m) continue;
        const owner = Number(m[2] ?? m[1]);
        if (owner !== process.pid && isAlive(owner)) continue;
        let path = join(this.dir, name);
        if (!m[2]) {
          const claimed = `${path}.replay-${process.pid}-${Date.now()}`;
          try {
            renameSync(path, claimed);
          } catch {
            continue; // another process claimed it first
          }
          path = claimed;
        }
        const hits = readFileSync(path, 'utf8')
          .split('\n')
          .filter(Boolean)
          .flatMap((line) => {
            try {
              return [JSON.parse(line) as Hit];
            } catch {
              return []; // a torn last line from a crash
            }
          });
        await this.hitLog.ensure();
        await this.hitLog.append(hits);
        unlinkSync(path);
        replayed += hits.length;
      }
      if (replayed) this.log.info({ replayed }, 'replayed spooled hits into the stream');
    } catch (e) {
      this.log.warn({ err: e }, 'spool replay failed; will retry');
    } finally {
      this.replaying = false;
    }
    return replayed;
  }
}

/** Bytes of hits waiting on disk in a spool directory (every process's files): monitoring reads it too. */
export function spooledBytes(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir)
    .filter((f) => f.startsWith('hits-'))
    .reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
