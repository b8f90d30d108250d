import { createHmac, randomBytes } from 'node:crypto';
import type { InvalidReason } from '../shared/invalid-traffic';

/**
 * One collected hit as it travels through the hit log (docs/design.md#collection). Compact keys: the log
 * holds millions of these. The raw IP never leaves the collector: only the household id and the
 * geo lookup's country-region travel on.
 */
export interface Hit {
  /** Event id: the collector's or the sender's (idempotent re-sends). */
  i: string;
  /** 'i' impression, 'v' site visit (page hit). */
  k: 'i' | 'v';
  /** Tag key. */
  t: string;
  /** UTC ms. */
  ts: number;
  /** Household id, decimal unsigned 64-bit. */
  h: string;
  /** Region override (`r` / `region`), a region code. */
  r?: string;
  /** Geo lookup of the IP: "CC-REGION" (e.g. "NZ-AUK"), "CC-" when the region is unknown. */
  g?: string;
  /** 1: a control (holdout) impression (`ctl=1` / `"control": true`, docs/design.md#reach-frequency-and-lift), stored apart. */
  c?: 1;
  /** Page URL and referrer of a site hit. */
  u?: string;
  f?: string;
  /**
   * Invalid traffic (docs/invalid-traffic.md): the reason of rules 1-5 when the collector or bulk ingest found one.
   * Such a hit is stored apart (invalid_event) and never counts; a `gpc` hit carries household '0'.
   */
  x?: InvalidReason;
}

export const TAG_KEY = /^[A-Za-z0-9_-]{1,32}$/;
export const EVENT_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const MAX_U64 = 18446744073709551615n;
const PLAIN_HOUSEHOLD = /^[1-9]\d{0,14}$/;

/** 72 random bits per process: event ids of different collectors never collide. */
const processTag = randomBytes(9).toString('base64url');
let serial = 0;

let lastMs = -1;
let lastMs36 = '';

/**
 * A fresh event id: time, this process's random tag, a counter (no crypto call per hit). The time's
 * base-36 text is kept per millisecond: a ms timestamp is a double, whose radix conversion (fmod per
 * digit) showed in the collector's profile; hits of the same ms share it.
 */
export const newEventId = (now = Date.now()): string => {
  if (now !== lastMs) {
    lastMs = now;
    lastMs36 = now.toString(36);
  }
  return `${lastMs36}${processTag}${(serial = (serial + 1) % 2176782336).toString(36)}`;
};

/** Household id of docs/design.md#identity-time-and-geography: first 8 bytes of HMAC-SHA256(salt, ip) as an unsigned decimal. */
export function householdOfIp(salt: string, ip: string): string {
  return createHmac('sha256', salt).update(ip).digest().readBigUInt64BE(0).toString();
}

/** A publisher's household id (`hh` / `household`): a decimal unsigned 64-bit number, normalised. */
export function parseHousehold(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const s = String(value);
  // Up to 15 digits without a leading zero is already normal and below 2^64: no BigInt per pixel.
  if (PLAIN_HOUSEHOLD.test(s)) return s;
  if (!/^\d{1,20}$/.test(s)) return null;
  const n = BigInt(s);
  return n <= MAX_U64 ? n.toString() : null;
}
