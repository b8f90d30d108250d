import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { withPrimary } from '@infinitum/rules';
import { createAdtech, listAdtechs, updateAdtech } from './adtech.service';
import { createAdtechGroup, listAdtechGroups, updateAdtechGroup } from './adtech-group.service';
import { plain } from '../../shared/input';
import { createBroadcaster, listBroadcasters, updateBroadcaster } from './broadcaster.service';
import type { ChannelOwnerType } from './channel.entity';
import { createChannel, listChannels, updateChannel } from './channel.service';
import { adtechIdsByGroupLoader, operationalCountriesByOwnerLoader, ownerNameByOwnerLoader } from './org.loaders';
import {
  Adtech,
  AdtechGroup,
  AdtechGroupInput,
  AdtechInput,
  Broadcaster,
  BroadcasterInput,
  Channel,
  ChannelInput,
} from './organisation.types';

@Resolver(() => Broadcaster)
export class BroadcasterResolver {
  @Query(() => [Broadcaster], { description: 'GET /api/broadcasters/' })
  broadcasters(@Ctx() ctx: GqlContext): Promise<Broadcaster[]> {
    return listBroadcasters(ctx.app, requireActor(ctx));
  }

  @Mutation(() => Broadcaster)
  createBroadcaster(@Arg('input', () => BroadcasterInput) input: BroadcasterInput, @Ctx() ctx: GqlContext) {
    return createBroadcaster(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => Broadcaster)
  updateBroadcaster(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => BroadcasterInput) input: BroadcasterInput,
    @Ctx() ctx: GqlContext,
  ) {
    return updateBroadcaster(ctx.app, requireActor(ctx), id, plain(input));
  }

  @FieldResolver(() => [String], { description: 'Operational countries, primary first' })
  async country_list(@Root() b: Broadcaster, @Ctx() ctx: GqlContext): Promise<string[]> {
    return withPrimary(
      b.country_code,
      await operationalCountriesByOwnerLoader(ctx.loaders).load({ kind: 'broadcaster', id: b.id }),
    );
  }
}

@Resolver(() => Adtech)
export class AdtechResolver {
  @Query(() => [Adtech], { description: 'GET /api/adtechs/' })
  adtechs(@Ctx() ctx: GqlContext): Promise<Adtech[]> {
    return listAdtechs(ctx.app, requireActor(ctx));
  }

  @Mutation(() => Adtech)
  createAdtech(@Arg('input', () => AdtechInput) input: AdtechInput, @Ctx() ctx: GqlContext) {
    return createAdtech(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => Adtech)
  updateAdtech(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => AdtechInput) input: AdtechInput,
    @Ctx() ctx: GqlContext,
  ) {
    return updateAdtech(ctx.app, requireActor(ctx), id, plain(input));
  }

  @FieldResolver(() => [String], { description: 'Operational countries, primary first' })
  async country_list(@Root() a: Adtech, @Ctx() ctx: GqlContext): Promise<string[]> {
    return withPrimary(
      a.country_code,
      await operationalCountriesByOwnerLoader(ctx.loaders).load({ kind: 'adtech', id: a.id }),
    );
  }
}

@Resolver(() => AdtechGroup)
export class AdtechGroupResolver {
  @Query(() => [AdtechGroup], { description: 'GET /api/adtechgroups/' })
  adtechGroups(@Ctx() ctx: GqlContext): Promise<AdtechGroup[]> {
    return listAdtechGroups(ctx.app, requireActor(ctx));
  }

  @Mutation(() => AdtechGroup)
  createAdtechGroup(@Arg('input', () => AdtechGroupInput) input: AdtechGroupInput, @Ctx() ctx: GqlContext) {
    return createAdtechGroup(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => AdtechGroup)
  updateAdtechGroup(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => AdtechGroupInput) input: AdtechGroupInput,
    @Ctx() ctx: GqlContext,
  ) {
    return updateAdtechGroup(ctx.app, requireActor(ctx), id, plain(input));
  }

  @FieldResolver(() => [Int])
  adtech_ids(@Root() g: AdtechGroup, @Ctx() ctx: GqlContext): Promise<number[]> {
    return adtechIdsByGroupLoader(ctx.loaders).load(g.id);
  }

  @FieldResolver(() => Int, { description: "Shown as 'N entities'" })
  async adtech_count(@Root() g: AdtechGroup, @Ctx() ctx: GqlContext): Promise<number> {
    return (await adtechIdsByGroupLoader(ctx.loaders).load(g.id)).length;
  }
}

@Resolver(() => Channel)
export class ChannelResolver {
  @Query(() => [Channel], { description: 'GET /api/channels/' })
  channels(@Ctx() ctx: GqlContext): Promise<Channel[]> {
    return listChannels(ctx.app, requireActor(ctx));
  }

  @Mutation(() => Channel)
  createChannel(@Arg('input', () => ChannelInput) input: ChannelInput, @Ctx() ctx: GqlContext) {
    return createChannel(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => Channel)
  updateChannel(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => ChannelInput) input: ChannelInput,
    @Ctx() ctx: GqlContext,
  ) {
    return updateChannel(ctx.app, requireActor(ctx), id, plain(input));
  }

  @FieldResolver(() => String, { nullable: true })
  owner_name(@Root() c: Channel, @Ctx() ctx: GqlContext): Promise<string | null> {
    return ownerNameByOwnerLoader(ctx.loaders).load({
      owner_type: c.owner_type as ChannelOwnerType,
      owner_id: c.owner_id,
    });
  }
}

/** The system organisations' resolvers (registered by the module's index.ts). */
export const systemResolvers = [BroadcasterResolver, AdtechResolver, AdtechGroupResolver, ChannelResolver] as const;
