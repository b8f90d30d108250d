import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { createCampaign, deleteCampaign, listCampaigns, updateCampaign } from './campaign.service';
import { CampaignInput, CampaignType } from './campaign.types';
import { plain } from '../../shared/input';

@Resolver(() => CampaignType)
export class CampaignResolver {
  @Query(() => [CampaignType], { description: 'Campaigns of a customer the caller can see.' })
  campaigns(@Arg('customer_id', () => Int) customerId: number, @Ctx() ctx: GqlContext) {
    return listCampaigns(ctx.app, requireActor(ctx), customerId);
  }

  @Mutation(() => CampaignType)
  createCampaign(@Arg('input', () => CampaignInput) input: CampaignInput, @Ctx() ctx: GqlContext) {
    return createCampaign(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => CampaignType)
  updateCampaign(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => CampaignInput) input: CampaignInput,
    @Ctx() ctx: GqlContext,
  ) {
    return updateCampaign(ctx.app, requireActor(ctx), id, plain(input));
  }

  @Mutation(() => Boolean, { description: 'Refused (409) while the campaign has bookings.' })
  async deleteCampaign(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext) {
    await deleteCampaign(ctx.app, requireActor(ctx), id);
    return true;
  }
}
