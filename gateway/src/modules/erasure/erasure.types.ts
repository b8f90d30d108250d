import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'What an erasure of a household removed (docs/security.md#erasure).' })
export class ErasureReportType {
  @Field(() => Int, { description: 'The audit entry' }) id: number;
  @Field() household_id: string;
  @Field({ description: 'household or ip' }) given_as: string;
  @Field(() => Int, { description: 'Customers that held rows of the household' }) customers: number;
  @Field(() => Int, { description: 'Summary days marked for rebuilding' }) days: number;
  @Field(() => GraphQLJSONObject, { description: 'Rows deleted, per table' }) removed: Record<string, number>;
  @Field(() => Int) total_rows: number;
}
