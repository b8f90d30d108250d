import type { NonEmptyArray } from 'type-graphql';
import { HealthResolver } from './health.resolver';
import { OverviewResolver } from '../modules/analytics/overview.resolver';

/** Every resolver class; each domain adds its own (one line per domain). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [HealthResolver, OverviewResolver];
