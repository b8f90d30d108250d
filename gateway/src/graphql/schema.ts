import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { HealthResolver } from './health.resolver';

/** The schema of the modules' resolvers (the composition root's list) and the transport's own health query. */
export function buildGatewaySchema(resolvers: Function[], emitSchemaFile?: string): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: [HealthResolver, ...resolvers],
    validate: false,
    emitSchemaFile: emitSchemaFile ? { path: emitSchemaFile, sortedSchema: true } : false,
  });
}
