import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../../graphql/context';
import { dashboardCustomers, overviewSummary } from './overview.service';
import { DashboardCustomer, OverviewRow } from './overview.types';

@Resolver()
export class OverviewResolver {
  @Query(() => [OverviewRow], { description: 'Campaign Overview rows (bookings active in the range).' })
  dashboardSummary(
    @Arg('start_date', () => String) start_date: string,
    @Arg('end_date', () => String) end_date: string,
    @Ctx() ctx: GqlContext,
  ): Promise<OverviewRow[]> {
    return overviewSummary(ctx.app, requireActor(ctx), { start_date, end_date });
  }

  @Query(() => [DashboardCustomer], { description: 'Customers the caller may see on the dashboard.' })
  dashboardCustomers(@Ctx() ctx: GqlContext): Promise<DashboardCustomer[]> {
    return dashboardCustomers(ctx.app, requireActor(ctx));
  }
}
