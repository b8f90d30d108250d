import type { GraphQLScalarType } from 'graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { z } from 'zod';

/**
 * GraphQL classes made from the zod schemas of the dashboard calls, so an answer's shape is written once
 * (the zod schema gives the TypeScript type, the REST answer's OpenAPI schema and, here, the GraphQL type).
 * Decorators are plain functions: type-graphql collects the same metadata as from hand-written classes.
 *
 * Mapping: an object with fields -> a type named by its `.meta({ id })` (also its OpenAPI component name);
 * number -> Float, `.int()` -> Int; string and string enums -> String; boolean -> Boolean; nullable or
 * optional -> a nullable field; arrays -> lists. An object with no fields, or an array of `z.never()`, is
 * the always-empty `{}` / `[]` of a call whose figures are on the other side: JSONObject, as before.
 */

/** A scalar of our own for a zod schema (e.g. a filter id that is a number or a region code). */
export const graphqlScalars = z.registry<{ scalar: GraphQLScalarType }>();

type Kind = 'object' | 'input';
type TypeRef = Function | GraphQLScalarType | [Function | GraphQLScalarType];

const made: Record<Kind, Map<z.ZodType, Function>> = { object: new Map(), input: new Map() };

const idOf = (s: z.ZodType): string | undefined => z.globalRegistry.get(s)?.id as string | undefined;

function unwrap(s: z.ZodType): { schema: z.ZodType; nullable: boolean; description?: string } {
  let schema = s;
  let nullable = false;
  let description = s.description;
  while (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
    nullable = true;
    schema = schema.unwrap() as z.ZodType;
    description ??= schema.description;
  }
  return { schema, nullable, description };
}

function leaf(s: z.ZodType, kind: Kind, where: string): Function | GraphQLScalarType {
  const own = graphqlScalars.get(s);
  if (own) return own.scalar;
  if (s instanceof z.ZodNumber) return s.isInt ? Int : Float;
  if (s instanceof z.ZodString || s instanceof z.ZodEnum) return String;
  if (s instanceof z.ZodBoolean) return Boolean;
  if (s instanceof z.ZodObject) {
    return Object.keys(s.shape).length === 0 ? GraphQLJSONObject : graphqlClassOf(s, kind);
  }
  throw new Error(`${where}: no GraphQL type for a zod ${s.def.type}`);
}

function typeRef(s: z.ZodType, kind: Kind, where: string): TypeRef {
  if (s instanceof z.ZodArray) {
    const element = unwrap(s.element as z.ZodType).schema;
    return [element instanceof z.ZodNever ? GraphQLJSONObject : leaf(element, kind, where)];
  }
  return leaf(s, kind, where);
}

/**
 * The GraphQL class of a zod object (made once per schema). Its name is the schema's `.meta({ id })`, or
 * `name` when the GraphQL name must differ from the OpenAPI one (an input named `...Input`).
 */
export function graphqlClassOf(schema: z.ZodObject, kind: Kind = 'object', name?: string): Function {
  const known = made[kind].get(schema);
  if (known) return known;
  const typeName = name ?? idOf(schema);
  if (!typeName) throw new Error(`a zod object used in GraphQL needs .meta({ id }): ${Object.keys(schema.shape)}`);
  const cls = { [typeName]: class {} }[typeName];
  made[kind].set(schema, cls);
  const options = { description: schema.description };
  if (kind === 'input') InputType(typeName, options)(cls);
  else ObjectType(typeName, options)(cls);
  for (const [field, fieldSchema] of Object.entries(schema.shape)) {
    const { schema: inner, nullable, description } = unwrap(fieldSchema as z.ZodType);
    const ref = typeRef(inner, kind, `${typeName}.${field}`);
    Field(() => ref, { nullable, description })(cls.prototype, field);
  }
  return cls;
}
