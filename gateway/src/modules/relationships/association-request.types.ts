import { Field, Int, ObjectType } from 'type-graphql';
import { z } from 'zod';

/** GraphQL shape of an association request (consent); the REST field names. */
@ObjectType({ description: 'A request to associate an existing organisation; related only once accepted.' })
export class AssociationRequest {
  @Field(() => Int) id: number;
  @Field({ description: 'pending, accepted, declined or withdrawn' }) status: string;
  @Field({ description: 'client, agency, broadcaster or adtech' }) requester_type: string;
  @Field(() => Int) requester_id: number;
  @Field() requester_name: string;
  @Field({ description: 'client, agency, broadcaster or adtech' }) target_type: string;
  @Field(() => Int) target_id: number;
  @Field() target_name: string;
  @Field() created_at: string;
  @Field(() => String, { nullable: true }) decided_at: string | null;
}

@ObjectType()
export class AssociationRequests {
  @Field(() => [AssociationRequest], { description: 'Pending requests the caller may accept or decline' })
  incoming: AssociationRequest[];
  @Field(() => [AssociationRequest], { description: "Pending requests the caller's organisation sent" })
  outgoing: AssociationRequest[];
}

const orgType = z.enum(['client', 'agency', 'broadcaster', 'adtech']);

export const associationRequestSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['pending', 'accepted', 'declined', 'withdrawn']),
    requester_type: orgType,
    requester_id: z.number().int(),
    requester_name: z.string(),
    target_type: orgType,
    target_id: z.number().int(),
    target_name: z.string(),
    created_at: z.string(),
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'AssociationRequest' });
