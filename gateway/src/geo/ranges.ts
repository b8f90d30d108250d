import { closeSync, openSync, readFileSync, readSync, fstatSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isIP } from 'node:net';

/**
 * geoip-lite's city database reduced to what the collector passes on: address range -> "CC-REGION".
 *
 * Why: geoip-lite keeps ~150 MB of its files resident in Buffers. Measured with wrk on the 2-core
 * bench machine, a collector that merely has them loaded spends ~4-6 µs more CPU per pixel, even
 * with every lookup answered from a cache (see README "Benchmarks"). Here the files are read once
 * in 1 MB chunks, adjacent ranges with the same country-region are merged, and only sorted typed
 * arrays stay (a few MB): range starts and ends, and an index into the list of distinct geos.
 *
 * Answers equal geoip-lite 1.4's `lookup(ip)` turned into "CC-REGION" (its record layout: IPv4
 * records of 24 bytes, start/end/location id big-endian at 0/4/8; IPv6 records of 48 bytes, start
 * and end at 0/16, compared on their first 64 bits as geoip-lite does, location id at 32; location
 * records of 88 bytes, country at 0 (2 bytes), region at 2 (3 bytes)). tests/unit/geo-ranges.test.ts
 * checks the two against each other for random addresses, so a data layout change fails there.
 */

const V4_RECORD = 24;
const V6_RECORD = 48;
const LOCATION_RECORD = 88;
const NO_LOCATION = 0xffffffff;
/** geoip-lite answers nothing for these, whatever its data says. */
const PRIVATE_V4: [number, number][] = [
  [0x0a000000, 0x0affffff],
  [0xac100000, 0xac1fffff],
  [0xc0a80000, 0xc0a8ffff],
];

export interface GeoRanges {
  /** "CC-REGION" of an address, "CC-" without a region, "" when unknown (as geoOfIp answered before). */
  lookup(ip: string): string;
  /** Ranges kept after merging (IPv4, IPv6) and distinct geos. */
  readonly size: { v4: number; v6: number; geos: number };
}

/** Growable columns of merged ranges: `words` 32-bit words per address (1 for IPv4, 2 for IPv6). */
class Columns {
  starts: Uint32Array;
  ends: Uint32Array;
  geo: Uint16Array;
  length = 0;
  constructor(readonly words: number) {
    this.starts = new Uint32Array(1 << 16);
    this.ends = new Uint32Array(1 << 16);
    this.geo = new Uint16Array(1 << 15);
  }

  /** Appends a range, or extends the last one when it continues it with the same geo. */
  push(start: number[], end: number[], geo: number): void {
    const w = this.words;
    const n = this.length;
    if (n && this.geo[n - 1] === geo && this.follows(n - 1, start)) {
      for (let i = 0; i < w; i++) this.ends[(n - 1) * w + i] = end[i];
      return;
    }
    if ((n + 1) * w > this.starts.length) {
      this.starts = grow(this.starts);
      this.ends = grow(this.ends);
    }
    if (n + 1 > this.geo.length) this.geo = grow(this.geo);
    for (let i = 0; i < w; i++) {
      this.starts[n * w + i] = start[i];
      this.ends[n * w + i] = end[i];
    }
    this.geo[n] = geo;
    this.length = n + 1;
  }

  /** Whether `start` is the address right after range i's end. */
  private follows(i: number, start: number[]): boolean {
    const w = this.words;
    if (w === 1) return this.ends[i] + 1 === start[0];
    const hi = this.ends[i * 2];
    const lo = this.ends[i * 2 + 1];
    return lo === 0xffffffff ? hi + 1 === start[0] && start[1] === 0 : hi === start[0] && lo + 1 === start[1];
  }

  /** Trimmed copies, so the growth slack is not kept. */
  done() {
    const w = this.words;
    return {
      starts: this.starts.slice(0, this.length * w),
      ends: this.ends.slice(0, this.length * w),
      geo: this.geo.slice(0, this.length),
      length: this.length,
    };
  }
}

function grow<T extends Uint32Array | Uint16Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

/** Calls `each(record, offset)` for every fixed-size record of a file, reading 1 MB at a time. */
function eachRecord(file: string, size: number, each: (buf: Buffer, at: number) => void): void {
  const fd = openSync(file, 'r');
  try {
    const total = fstatSync(fd).size;
    const chunk = Buffer.allocUnsafe(size * Math.floor((1 << 20) / size));
    for (let pos = 0; pos < total;) {
      const want = Math.min(chunk.length, total - pos);
      let got = 0;
      while (got < want) {
        const n = readSync(fd, chunk, got, want - got, pos + got);
        if (n <= 0) throw new Error(`${file}: short read`);
        got += n;
      }
      for (let at = 0; at + size <= got; at += size) each(chunk, at);
      pos += got;
    }
  } finally {
    closeSync(fd);
  }
}

/** geoip-lite's data folder (the package ships it). */
export function geoipDataDir(): string {
  return join(dirname(require.resolve('geoip-lite/package.json')), 'data');
}

/** Builds the ranges from geoip-lite's city files (IPv4 and IPv6) in `dir`. */
export function buildGeoRanges(dir = geoipDataDir()): GeoRanges {
  const { geos, t4, t6 } = readTables(dir);
  return rangeLookup(geos, t4, t6);
}

type Table = ReturnType<Columns['done']>;

/** Reads the files into trimmed tables; nothing read stays referenced once this returns. */
function readTables(dir: string): { geos: string[]; t4: Table; t6: Table } {
  const names = readFileSync(join(dir, 'geoip-city-names.dat'));
  const geos: string[] = [''];
  const geoIndex = new Map<string, number>([['', 0]]);
  const byLocation = new Int32Array(Math.floor(names.length / LOCATION_RECORD)).fill(-1);
  const text = (from: number, to: number) => {
    const s = names.toString('utf8', from, to);
    const nul = s.indexOf('\u0000');
    return nul < 0 ? s : s.slice(0, nul);
  };
  const geoOf = (location: number): number => {
    if (location < byLocation.length && byLocation[location] >= 0) return byLocation[location];
    // geoip-lite answers a record without a location with empty country and region: "-".
    const at = location * LOCATION_RECORD;
    const name = location === NO_LOCATION ? '-' : `${text(at, at + 2)}-${text(at + 2, at + 5)}`;
    let g = geoIndex.get(name);
    if (g === undefined) {
      g = geos.length;
      if (g > 0xffff) throw new Error('more than 65,535 distinct geos');
      geos.push(name);
      geoIndex.set(name, g);
    }
    if (location < byLocation.length) byLocation[location] = g;
    return g;
  };

  const v4 = new Columns(1);
  const s4 = [0];
  const e4 = [0];
  eachRecord(join(dir, 'geoip-city.dat'), V4_RECORD, (b, at) => {
    s4[0] = b.readUInt32BE(at);
    e4[0] = b.readUInt32BE(at + 4);
    v4.push(s4, e4, geoOf(b.readUInt32BE(at + 8)));
  });
  const v6 = new Columns(2);
  const s6 = [0, 0];
  const e6 = [0, 0];
  eachRecord(join(dir, 'geoip-city6.dat'), V6_RECORD, (b, at) => {
    s6[0] = b.readUInt32BE(at);
    s6[1] = b.readUInt32BE(at + 4);
    e6[0] = b.readUInt32BE(at + 16);
    e6[1] = b.readUInt32BE(at + 20);
    v6.push(s6, e6, geoOf(b.readUInt32BE(at + 32)));
  });
  return { geos, t4: v4.done(), t6: v6.done() };
}

function rangeLookup(geos: string[], t4: Table, t6: Table): GeoRanges {
  /** Index of the last range starting at or before the address, -1 when none. */
  const find4 = (ip: number): number => {
    let lo = 0;
    let hi = t4.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (t4.starts[mid] <= ip) lo = mid + 1;
      else hi = mid - 1;
    }
    return hi;
  };
  const lookup4 = (ip: number): string => {
    for (const [from, to] of PRIVATE_V4) if (ip >= from && ip <= to) return '';
    const i = find4(ip);
    return i >= 0 && ip <= t4.ends[i] ? geos[t4.geo[i]] : '';
  };
  const cmp = (a: Uint32Array, i: number, hi: number, lo: number) =>
    a[i * 2] !== hi ? (a[i * 2] < hi ? -1 : 1) : a[i * 2 + 1] === lo ? 0 : a[i * 2 + 1] < lo ? -1 : 1;
  const lookup6 = (hi: number, lo: number): string => {
    let a = 0;
    let b = t6.length - 1;
    while (a <= b) {
      const mid = (a + b) >>> 1;
      if (cmp(t6.starts, mid, hi, lo) <= 0) a = mid + 1;
      else b = mid - 1;
    }
    return b >= 0 && cmp(t6.ends, b, hi, lo) >= 0 ? geos[t6.geo[b]] : '';
  };

  return {
    size: { v4: t4.length, v6: t6.length, geos: geos.length },
    lookup(ip: string): string {
      const kind = isIP(ip);
      if (kind === 4) return lookup4(ipv4ToNumber(ip));
      if (kind !== 6) return '';
      const mapped = /^(?:0:0:0:0:0:ffff:|::ffff:)(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
      if (mapped) return lookup4(ipv4ToNumber(mapped[1]));
      const top = ipv6Top64(ip);
      return top ? lookup6(top[0], top[1]) : '';
    },
  };
}

const ipv4ToNumber = (ip: string): number => {
  const p = ip.split('.');
  return ((+p[0] << 24) >>> 0) + (+p[1] << 16) + (+p[2] << 8) + +p[3];
};

/** The first 64 bits of an IPv6 address as two 32-bit words; null for forms with a dotted tail. */
function ipv6Top64(ip: string): [number, number] | null {
  const zone = ip.indexOf('%');
  const bare = zone < 0 ? ip : ip.slice(0, zone);
  if (bare.includes('.')) return null;
  const [head, tail] = bare.split('::');
  const h = head ? head.split(':') : [];
  const t = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t].map((g) => parseInt(g, 16));
  return [((groups[0] << 16) >>> 0) + groups[1], ((groups[2] << 16) >>> 0) + groups[3]];
}
