import { join } from 'node:path';
import { buildGatewaySchema } from '../graphql/schema';
import { resolvers } from '../modules';

/** Writes schema.graphql at the repository root (committed; `npm run check` diffs it). */
const target = process.argv[2] ?? join(__dirname, '..', '..', '..', 'schema.graphql');
buildGatewaySchema(resolvers, target).then(
  () => console.log(`schema written to ${target}`),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
