import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { resolvers } from './resolvers';

export function buildGatewaySchema(emitSchemaFile?: string): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    validate: false,
    emitSchemaFile: emitSchemaFile ? { path: emitSchemaFile, sortedSchema: true } : false,
  });
}
