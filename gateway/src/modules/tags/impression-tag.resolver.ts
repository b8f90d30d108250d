import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import {
  tagBookingName,
  tagBookingType,
  tagCampaignName,
  tagChannelName,
  tagCreativeName,
} from './impression-tag.mapper';
import {
  deleteImpressionTag,
  type ImpressionTagView,
  listImpressionTags,
  saveImpressionTags,
} from './impression-tag.service';
import { ImpressionTagType } from './tag.types';

@Resolver(() => ImpressionTagType)
export class ImpressionTagResolver {
  @Query(() => [ImpressionTagType], { description: 'Impression tags of a customer the caller can see.' })
  impressionTags(@Arg('customer_id', () => Int) customerId: number, @Ctx() ctx: GqlContext) {
    return listImpressionTags(ctx.app, requireActor(ctx), customerId);
  }

  @Mutation(() => [ImpressionTagType], { description: 'Makes the booking’s impression tags exactly these creatives.' })
  saveImpressionTags(
    @Arg('booking_id', () => Int) bookingId: number,
    @Arg('creative_ids', () => [Int]) creativeIds: number[],
    @Arg('campaign_id', () => Int, { nullable: true }) campaignId: number | null,
    @Ctx() ctx: GqlContext,
  ) {
    return saveImpressionTags(ctx.app, requireActor(ctx), bookingId, {
      creative_ids: creativeIds,
      campaign_id: campaignId ?? undefined,
    });
  }

  @Mutation(() => Boolean)
  async deleteImpressionTag(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext) {
    await deleteImpressionTag(ctx.app, requireActor(ctx), id);
    return true;
  }

  @FieldResolver(() => String, { nullable: true })
  campaign_name(@Root() t: ImpressionTagView, @Ctx() ctx: GqlContext) {
    return tagCampaignName(ctx.loaders, t);
  }

  @FieldResolver(() => String, { nullable: true })
  booking_name(@Root() t: ImpressionTagView, @Ctx() ctx: GqlContext) {
    return tagBookingName(ctx.loaders, t);
  }

  @FieldResolver(() => String, { nullable: true, description: 'The creative’s description' })
  creative_name(@Root() t: ImpressionTagView, @Ctx() ctx: GqlContext) {
    return tagCreativeName(ctx.loaders, t);
  }

  @FieldResolver(() => String, { nullable: true })
  channel_name(@Root() t: ImpressionTagView, @Ctx() ctx: GqlContext) {
    return tagChannelName(ctx.loaders, t);
  }

  @FieldResolver(() => Int, { nullable: true, description: '1 video, 2 image, 3 audio' })
  booking_type(@Root() t: ImpressionTagView, @Ctx() ctx: GqlContext) {
    return tagBookingType(ctx.loaders, t);
  }
}
