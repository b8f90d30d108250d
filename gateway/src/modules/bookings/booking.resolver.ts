import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { plain } from '../../shared/input';
import { bookingOptions } from './booking-options.service';
import { bookingCampaignName, bookingChannelName, bookingCreativeIds, bookingCreatorName } from './booking.mapper';
import { type BookingView, createBooking, deleteBooking, listBookings, updateBooking } from './booking.service';
import { BookingInput, BookingOptionsType, BookingType } from './booking.types';

@Resolver(() => BookingType)
export class BookingResolver {
  @Query(() => [BookingType], { description: 'Bookings of a customer the caller can see.' })
  bookings(@Arg('customer_id', () => Int) customerId: number, @Ctx() ctx: GqlContext) {
    return listBookings(ctx.app, requireActor(ctx), customerId);
  }

  @Query(() => BookingOptionsType)
  bookingOptions(@Arg('customer_id', () => Int) customerId: number, @Ctx() ctx: GqlContext) {
    return bookingOptions(ctx.app, requireActor(ctx), customerId);
  }

  @Mutation(() => BookingType)
  createBooking(@Arg('input', () => BookingInput) input: BookingInput, @Ctx() ctx: GqlContext) {
    return createBooking(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => BookingType)
  updateBooking(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => BookingInput) input: BookingInput,
    @Ctx() ctx: GqlContext,
  ) {
    return updateBooking(ctx.app, requireActor(ctx), id, plain(input));
  }

  @Mutation(() => Boolean, { description: 'Also removes the booking’s impression tags.' })
  async deleteBooking(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext) {
    await deleteBooking(ctx.app, requireActor(ctx), id);
    return true;
  }

  @FieldResolver(() => String, { nullable: true })
  campaign_name(@Root() b: BookingView, @Ctx() ctx: GqlContext) {
    return bookingCampaignName(ctx.loaders, b);
  }

  @FieldResolver(() => String, { nullable: true })
  channel_name(@Root() b: BookingView, @Ctx() ctx: GqlContext) {
    return bookingChannelName(ctx.loaders, b);
  }

  @FieldResolver(() => [Int])
  creative_ids(@Root() b: BookingView, @Ctx() ctx: GqlContext) {
    return bookingCreativeIds(ctx.loaders, b);
  }

  @FieldResolver(() => String, { nullable: true, description: 'Super admin only; null for everyone else.' })
  created_by_name(@Root() b: BookingView, @Ctx() ctx: GqlContext) {
    return bookingCreatorName(ctx.loaders, requireActor(ctx), b);
  }
}
