/**
 * Local date, weekday (1 Monday .. 7 Sunday) and daypart (1..8, docs/design.md#identity-time-and-geography) of a UTC instant in an
 * IANA zone. Zone offsets are cached per 15-minute UTC bucket (every real offset change falls on
 * one), so the ETL pays for Intl only once per bucket instead of once per event.
 */
export interface LocalParts {
  /** yyyy-MM-dd */
  date: string;
  weekday: number;
  daypart: number;
}

const BUCKET_MS = 15 * 60 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Offset of the zone from UTC in ms at the instant (local = utc + offset). */
export function zoneOffsetMs(ts: number, timeZone: string): number {
  const bucket = Math.floor(ts / BUCKET_MS);
  const key = `${timeZone}|${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const at = bucket * BUCKET_MS;
    const p: Record<string, number> = {};
    for (const part of formatter(timeZone).formatToParts(new Date(at))) p[part.type] = Number(part.value);
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at;
    if (offsets.size > 200_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** Daypart id of a minute of the local day (docs/design.md#identity-time-and-geography). */
export function daypartOfMinute(minute: number): number {
  if (minute < 6 * 60) return 1;
  if (minute < 9 * 60) return 2;
  if (minute < 12 * 60) return 3;
  if (minute < 14 * 60) return 4;
  if (minute < 18 * 60) return 5;
  if (minute < 19 * 60 + 30) return 6;
  if (minute < 22 * 60 + 30) return 7;
  return 8;
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

export function localParts(ts: number, timeZone: string): LocalParts {
  const local = new Date(ts + zoneOffsetMs(ts, timeZone));
  const day = local.getUTCDay();
  return {
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    weekday: day === 0 ? 7 : day,
    daypart: daypartOfMinute(local.getUTCHours() * 60 + local.getUTCMinutes()),
  };
}
