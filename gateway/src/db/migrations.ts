import { Initial1795304391041 } from './migrations/1795304391041-initial';
import { ReferenceData1795304391042 } from './migrations/1795304391042-reference-data';
import { Events1795304391043 } from './migrations/1795304391043-events';

// Ordered list of migrations; `npm run check` fails when entities and migrations drift.
export const migrations: Function[] = [Initial1795304391041, ReferenceData1795304391042, Events1795304391043];
