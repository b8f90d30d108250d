import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { DASHBOARD_CALLS, type DashboardAnswer, type DashboardCallName } from './calls/registry';
import { graphqlClassOf } from './calls/graphql-from-zod';
import { runDashboardCall } from './dashboard.service';
import * as T from './dashboard.types';
import { dashboardFilterOptions } from './filters/filter-options.service';

/** The dashboard's filter lists over GraphQL (the calls are below, one resolver per registry entry). */
@Resolver()
export class DashboardResolver {
  @Query(() => T.DashboardFilters, { description: 'Filter lists of a client (each starts with All, id 0).' })
  dashboardFilters(
    @Arg('client_id', () => Int) client_id: number,
    @Ctx() ctx: GqlContext,
  ): Promise<T.DashboardFilterOptions> {
    return dashboardFilterOptions(ctx.app, requireActor(ctx), client_id);
  }
}

/**
 * One plain Query field per dashboard call, named as the REST path (`impression_summary(filter:)`),
 * typed by the GraphQL class made from the entry's zod answer: a type-graphql class factory.
 */
function dashboardCallResolver<N extends DashboardCallName>(call: { name: N; description: string; answer: object }) {
  const answerType = graphqlClassOf(call.answer as Parameters<typeof graphqlClassOf>[0]);

  @Resolver()
  class DashboardCallResolver {
    @Query(() => answerType, { name: call.name, description: call.description })
    answer(
      @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
      @Ctx() ctx: GqlContext,
    ): Promise<DashboardAnswer<N>> {
      return runDashboardCall(ctx.app, requireActor(ctx), call.name, f);
    }
  }
  return DashboardCallResolver;
}

/** Every GraphQL resolver of the dashboard: the filter lists and one per call of the registry. */
export const dashboardResolvers = [DashboardResolver, ...DASHBOARD_CALLS.map(dashboardCallResolver)] as const;
