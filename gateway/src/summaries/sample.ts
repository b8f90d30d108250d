import { crc32 } from 'node:zlib';

/** A household's bucket: CRC32 of its id modulo SAMPLE_BUCKETS (the same in MySQL 8, MariaDB and TiDB). */
export const SAMPLE_BUCKETS = 256;
/**
 * reach_exposure keeps the households of buckets 0..STORED_BUCKETS - 1: 1 in 4. The built days do not
 * record it: a change here needs a migration that empties reach_exposure and its summary_built_day rows.
 */
export const STORED_BUCKETS = 64;

/** The bucket of a household id (its decimal digits), as the database's CRC32(household_id) % 256 computes it. */
export const householdBucket = (household: string): number => crc32(household) % SAMPLE_BUCKETS;

/** Whether reach_exposure keeps this household's impressions. */
export const inReachSample = (household: string): boolean => householdBucket(household) < STORED_BUCKETS;
