import { Arg, Ctx, Field, InputType, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { plain } from '../../shared/input';
import { createRelationship } from './relationship.service';

@ObjectType({ description: 'A link between two organisations: the two sides filled, the others null.' })
export class Relationship {
  @Field(() => Int) id: number;
  @Field(() => Int, { nullable: true }) customer_id: number | null;
  @Field(() => Int, { nullable: true }) agency_id: number | null;
  @Field(() => Int, { nullable: true }) broadcaster_id: number | null;
  @Field(() => Int, { nullable: true }) adtech_id: number | null;
}

@InputType({ description: 'directRelationship (spec 3)' })
export class RelationshipInput {
  @Field(() => String, { nullable: true, description: 'client (default), broadcaster, agency or adtech' })
  source_type?: string | null;
  @Field(() => Int, { nullable: true }) source_id?: number | null;
  @Field(() => String, { nullable: true, description: 'broadcaster (default), client, agency or adtech' })
  target_type?: string | null;
  @Field(() => Int, { nullable: true }) target_id?: number | null;
  @Field(() => String, { nullable: true }) country_code?: string | null;
}

@Resolver(() => Relationship)
export class RelationshipResolver {
  @Mutation(() => Relationship, { description: 'POST /api/admin/relationships (super admin)' })
  createRelationship(
    @Arg('input', () => RelationshipInput) input: RelationshipInput,
    @Ctx() ctx: GqlContext,
  ): Promise<Relationship> {
    return createRelationship(ctx.app, requireActor(ctx), plain(input));
  }
}
