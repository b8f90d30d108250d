import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { plain } from '../../shared/input';
import { createCreative, deleteCreative, listCreatives, updateCreative } from './creative.service';
import { CreativeInput, CreativeType } from './creative.types';

@Resolver(() => CreativeType)
export class CreativeResolver {
  @Query(() => [CreativeType], { description: 'Creatives of a customer the caller can see.' })
  creatives(@Arg('customer_id', () => Int) customerId: number, @Ctx() ctx: GqlContext) {
    return listCreatives(ctx.app, requireActor(ctx), customerId);
  }

  @Mutation(() => CreativeType)
  createCreative(@Arg('input', () => CreativeInput) input: CreativeInput, @Ctx() ctx: GqlContext) {
    return createCreative(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => CreativeType)
  updateCreative(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => CreativeInput) input: CreativeInput,
    @Ctx() ctx: GqlContext,
  ) {
    return updateCreative(ctx.app, requireActor(ctx), id, plain(input));
  }

  @Mutation(() => Boolean, { description: 'Refused (409) while the creative has impression tags.' })
  async deleteCreative(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext) {
    await deleteCreative(ctx.app, requireActor(ctx), id);
    return true;
  }
}
