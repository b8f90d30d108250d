import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { attributionSettings, setAttributionWindows } from './attribution-settings.service';
import { AttributionSettings } from './attribution-settings.types';

@Resolver()
export class AttributionSettingsResolver {
  @Query(() => AttributionSettings, { description: 'GET /api/customers/:id/attribution-windows' })
  attributionSettings(
    @Arg('customerId', () => Int) customerId: number,
    @Ctx() ctx: GqlContext,
  ): Promise<AttributionSettings> {
    return attributionSettings(ctx.app, requireActor(ctx), customerId);
  }

  @Mutation(() => AttributionSettings, {
    description: 'PUT /api/customers/:id/attribution-windows: queues a change; the recompute puts it in force',
  })
  setAttributionWindows(
    @Arg('customerId', () => Int) customerId: number,
    @Arg('touchWindowHours', () => Int) touchWindowHours: number,
    @Arg('sameDayWindowHours', () => Int) sameDayWindowHours: number,
    @Ctx() ctx: GqlContext,
  ): Promise<AttributionSettings> {
    return setAttributionWindows(ctx.app, requireActor(ctx), customerId, {
      touch_window_hours: touchWindowHours,
      same_day_window_hours: sameDayWindowHours,
    });
  }
}
