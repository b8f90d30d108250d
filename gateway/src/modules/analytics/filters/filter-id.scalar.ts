import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/** A filter option id: a number (0 = All, record ids) or a region code string ('AUK'). */
export const FilterIdScalar = new GraphQLScalarType({
  name: 'FilterId',
  description: 'A dashboard filter id: an integer (0 = All) or a region code such as "AUK".',
  serialize: (v) => v,
  parseValue: (v) => {
    if ((typeof v === 'number' && Number.isInteger(v)) || typeof v === 'string') return v;
    throw new GraphQLError('FilterId must be an integer or a string');
  },
  parseLiteral: (ast) => {
    if (ast.kind === Kind.INT) return Number(ast.value);
    if (ast.kind === Kind.STRING) return ast.value;
    throw new GraphQLError('FilterId must be an integer or a string');
  },
});
