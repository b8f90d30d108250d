import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { runDashboardCall } from './dashboard.service';
import * as T from './dashboard.types';
import { dashboardFilterOptions } from './filter-options.service';

/**
 * The dashboard over GraphQL: one query per REST call, same names and numbers (thin adapter). Each query
 * returns its GraphQL class, so tsc catches drift between a call's row types and the schema.
 */
@Resolver()
export class DashboardResolver {
  @Query(() => T.DashboardFilters, { description: 'Filter lists of a client (each starts with All, id 0).' })
  dashboardFilters(
    @Arg('client_id', () => Int) client_id: number,
    @Ctx() ctx: GqlContext,
  ): Promise<T.DashboardFilters> {
    return dashboardFilterOptions(ctx.app, requireActor(ctx), client_id);
  }

  @Query(() => T.ImpressionSummaryAnswer)
  impression_summary(
    @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<T.ImpressionSummaryAnswer> {
    return runDashboardCall(ctx.app, requireActor(ctx), 'impression_summary', f);
  }

  @Query(() => T.ImpressionsBeforeVisitAnswer)
  impressions_before_visit(
    @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<T.ImpressionsBeforeVisitAnswer> {
    return runDashboardCall(ctx.app, requireActor(ctx), 'impressions_before_visit', f);
  }

  @Query(() => T.ResponsesByRegionAnswer)
  responses_by_region(
    @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<T.ResponsesByRegionAnswer> {
    return runDashboardCall(ctx.app, requireActor(ctx), 'responses_by_region', f);
  }

  @Query(() => T.ResponsesBySiteAnswer)
  responses_by_site(
    @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<T.ResponsesBySiteAnswer> {
    return runDashboardCall(ctx.app, requireActor(ctx), 'responses_by_site', f);
  }

  @Query(() => T.ResponsesOverTimeAnswer)
  responses_over_time(
    @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<T.ResponsesOverTimeAnswer> {
    return runDashboardCall(ctx.app, requireActor(ctx), 'responses_over_time', f);
  }

  @Query(() => T.VisitResponseTimingAnswer)
  visit_response_timing(
    @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<T.VisitResponseTimingAnswer> {
    return runDashboardCall(ctx.app, requireActor(ctx), 'visit_response_timing', f);
  }

  @Query(() => T.PlatformCreativePerformanceAnswer)
  platform_creative_performance(
    @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<T.PlatformCreativePerformanceAnswer> {
    return runDashboardCall(ctx.app, requireActor(ctx), 'platform_creative_performance', f);
  }

  @Query(() => T.CreativePerformanceSummaryAnswer)
  creative_performance_summary(
    @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<T.CreativePerformanceSummaryAnswer> {
    return runDashboardCall(ctx.app, requireActor(ctx), 'creative_performance_summary', f);
  }

  @Query(() => T.CreativePerformanceCostAnswer)
  creative_performance_cost(
    @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<T.CreativePerformanceCostAnswer> {
    return runDashboardCall(ctx.app, requireActor(ctx), 'creative_performance_cost', f);
  }

  @Query(() => T.ImpressionHeatmapAnswer)
  impression_heatmap(
    @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<T.ImpressionHeatmapAnswer> {
    return runDashboardCall(ctx.app, requireActor(ctx), 'impression_heatmap', f);
  }

  @Query(() => T.AnalysisAnswer, { description: 'Written analysis (sanitised HTML paragraphs) of the figures.' })
  analysis(
    @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<T.AnalysisAnswer> {
    return runDashboardCall(ctx.app, requireActor(ctx), 'analysis', f);
  }

  @Query(() => T.ReachFrequencyAnswer, {
    description: 'DESIGN 4b: reach, average and optimal frequency, frequency rows.',
  })
  reach_frequency(
    @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<T.ReachFrequencyAnswer> {
    return runDashboardCall(ctx.app, requireActor(ctx), 'reach_frequency', f);
  }

  @Query(() => T.IncrementalLiftAnswer, {
    description: 'DESIGN 4b: incremental responses and lift (holdout or pre/post).',
  })
  incremental_lift(
    @Arg('filter', () => T.DashboardFilterInput) f: T.DashboardFilterInput,
    @Ctx() ctx: GqlContext,
  ): Promise<T.IncrementalLiftAnswer> {
    return runDashboardCall(ctx.app, requireActor(ctx), 'incremental_lift', f);
  }
}
