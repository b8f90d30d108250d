import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { plain } from '../../shared/input';
import { createSiteTag, deleteSiteTag, listSiteTags, updateSiteTag } from './site-tag.service';
import { SiteTagInput, SiteTagType } from './tag.types';

@Resolver(() => SiteTagType)
export class SiteTagResolver {
  @Query(() => [SiteTagType], { description: 'Site tags of a customer the caller can see.' })
  siteTags(@Arg('customer_id', () => Int) customerId: number, @Ctx() ctx: GqlContext) {
    return listSiteTags(ctx.app, requireActor(ctx), customerId);
  }

  @Mutation(() => SiteTagType)
  createSiteTag(@Arg('input', () => SiteTagInput) input: SiteTagInput, @Ctx() ctx: GqlContext) {
    return createSiteTag(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => SiteTagType)
  updateSiteTag(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => SiteTagInput) input: SiteTagInput,
    @Ctx() ctx: GqlContext,
  ) {
    return updateSiteTag(ctx.app, requireActor(ctx), id, plain(input));
  }

  @Mutation(() => Boolean)
  async deleteSiteTag(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext) {
    await deleteSiteTag(ctx.app, requireActor(ctx), id);
    return true;
  }
}
