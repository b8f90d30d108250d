/** Months of raw data a customer keeps (docs/design.md#retention). */
export const RETENTION_DEFAULT = 13;
export const RETENTION_MIN = 1;
export const RETENTION_MAX = 25;
