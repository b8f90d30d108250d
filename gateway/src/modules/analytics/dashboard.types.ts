import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { FilterIdScalar } from './filter-id.scalar';

/**
 * GraphQL shapes of the dashboard calls: exactly the field names of DESIGN 4 / the REST answers.
 * Empty table_data ([]) and summary_data ({}) are typed as JSON objects so both transports answer
 * the same JSON.
 */
@InputType()
export class DashboardFilterInput {
  @Field(() => Int) client_id: number;
  @Field() startdate: string;
  @Field() enddate: string;
  @Field(() => [FilterIdScalar], { nullable: true, description: 'Region codes, or [0] for All' })
  region?: (string | number)[];
  @Field(() => [Int], { nullable: true }) campaign?: number[];
  @Field(() => [Int], { nullable: true }) booking?: number[];
  @Field(() => [Int], { nullable: true }) creative?: number[];
  @Field(() => [Int], { nullable: true }) channel?: number[];
  @Field(() => [Int], { nullable: true, description: '1 Monday .. 7 Sunday, 0 All' }) weekday?: number[];
  @Field(() => [Int], { nullable: true, description: 'Dayparts 1..8, 0 All' }) time_slots?: number[];
  @Field(() => [Int], { nullable: true }) sites?: number[];
}

@ObjectType()
export class FilterOption {
  @Field(() => FilterIdScalar) id: number | string;
  @Field() display_name: string;
}

@ObjectType()
export class BookingFilterOption extends FilterOption {
  @Field(() => Int) campaign_id: number;
}

@ObjectType()
export class DashboardFilters {
  @Field(() => [FilterOption]) regions: FilterOption[];
  @Field(() => [FilterOption]) creatives: FilterOption[];
  @Field(() => [FilterOption]) campaigns: FilterOption[];
  @Field(() => [BookingFilterOption]) bookings: BookingFilterOption[];
  @Field(() => [FilterOption]) channels: FilterOption[];
  @Field(() => [FilterOption]) sites: FilterOption[];
}

@ObjectType()
export class ImpressionSummaryData {
  @Field(() => Float) Ad_Spend: number;
  @Field(() => Float) Actual_Impressions: number;
  @Field(() => Float) Total_Responses: number;
  @Field(() => Float) CPM_Actual: number;
  @Field(() => Float) Response_Rate: number;
  @Field(() => Float) Current_CPR: number;
}
@ObjectType()
export class ImpressionSummaryAnswer {
  @Field(() => [GraphQLJSONObject]) table_data: object[];
  @Field(() => ImpressionSummaryData) summary_data: ImpressionSummaryData;
}

@ObjectType()
export class ResponsesOverTimeRow {
  @Field() Date: string;
  @Field(() => Float) Total_Impressions: number;
  @Field(() => Float) Same_Day: number;
  @Field(() => Float) Total_Responses: number;
}
@ObjectType()
export class CorrelationSummary {
  @Field(() => Float) correlation: number;
}
@ObjectType()
export class ResponsesOverTimeAnswer {
  @Field(() => [ResponsesOverTimeRow]) table_data: ResponsesOverTimeRow[];
  @Field(() => CorrelationSummary) summary_data: CorrelationSummary;
}

@ObjectType()
export class VisitResponseTimingData {
  @Field(() => Float) Hour_1: number;
  @Field(() => Float) Day_1: number;
  @Field(() => Float) Week_1: number;
  @Field(() => Float) Hour_1_Perc: number;
  @Field(() => Float) Day_1_Perc: number;
  @Field(() => Float) Week_1_Perc: number;
}
@ObjectType()
export class VisitResponseTimingAnswer {
  @Field(() => [GraphQLJSONObject]) table_data: object[];
  @Field(() => VisitResponseTimingData) summary_data: VisitResponseTimingData;
}

@ObjectType()
export class ImpressionsBeforeVisitRow {
  @Field(() => Int) Views: number;
  @Field(() => Float) Impressions_Before_Visit: number;
}
@ObjectType()
export class ImpressionsBeforeVisitSummary {
  @Field(() => Float) Views_for_80_Percent: number;
  @Field(() => Float) Total_Views_Occurrence: number;
}
@ObjectType()
export class ImpressionsBeforeVisitAnswer {
  @Field(() => [ImpressionsBeforeVisitRow]) table_data: ImpressionsBeforeVisitRow[];
  @Field(() => ImpressionsBeforeVisitSummary) summary_data: ImpressionsBeforeVisitSummary;
}

@ObjectType()
export class HeatmapRow {
  @Field({ description: 'Daypart name' }) time: string;
  @Field(() => Float) Sun: number;
  @Field(() => Float) Mon: number;
  @Field(() => Float) Tue: number;
  @Field(() => Float) Wed: number;
  @Field(() => Float) Thu: number;
  @Field(() => Float) Fri: number;
  @Field(() => Float) Sat: number;
  @Field(() => Float) Total: number;
}
@ObjectType()
export class Heatmaps {
  @Field(() => [HeatmapRow]) impressions: HeatmapRow[];
  @Field(() => [HeatmapRow]) webhits: HeatmapRow[];
  @Field(() => [HeatmapRow]) response_ratio: HeatmapRow[];
}
@ObjectType()
export class ImpressionHeatmapAnswer {
  @Field(() => Heatmaps) table_data: Heatmaps;
  @Field(() => GraphQLJSONObject) summary_data: object;
}

@ObjectType()
export class ResponsesByRegionRow {
  @Field() Region: string;
  @Field(() => Float) Responses: number;
  @Field(() => Float) Percentage: number;
  @Field(() => Float, { nullable: true }) Latitude: number | null;
  @Field(() => Float, { nullable: true }) Longitude: number | null;
}
@ObjectType()
export class RegionMapSummary {
  @Field(() => Float) centre_lat: number;
  @Field(() => Float) centre_long: number;
  @Field(() => Float) zoom: number;
}
@ObjectType()
export class ResponsesByRegionAnswer {
  @Field(() => [ResponsesByRegionRow]) table_data: ResponsesByRegionRow[];
  @Field(() => RegionMapSummary) summary_data: RegionMapSummary;
}

@ObjectType()
export class ResponsesBySiteRow {
  @Field() Site: string;
  @Field(() => Float) Responses: number;
  @Field(() => Float) Response_Rate_Percent: number;
  @Field(() => Float) CPR: number;
}
@ObjectType()
export class ResponsesBySiteAnswer {
  @Field(() => [ResponsesBySiteRow]) table_data: ResponsesBySiteRow[];
  @Field(() => GraphQLJSONObject) summary_data: object;
}

@ObjectType()
export class CreativePerformanceSummaryRow {
  @Field() Creative: string;
  @Field() Duration: string;
  @Field(() => Float) Total_Impressions: number;
  @Field(() => Float) Ad_Spend: number;
  @Field(() => Float) Total_Responses: number;
  @Field(() => Float) Response_Rate_Percent: number;
  @Field(() => Float) Current_CPR: number;
}
@ObjectType()
export class CreativePerformanceSummaryAnswer {
  @Field(() => [CreativePerformanceSummaryRow]) table_data: CreativePerformanceSummaryRow[];
  @Field(() => GraphQLJSONObject) summary_data: object;
}

@ObjectType()
export class CreativePerformanceCostRow {
  @Field() Creative: string;
  @Field(() => Float) Ad_Spend: number;
  @Field(() => Float) Total_Responses: number;
  @Field(() => Float) Current_CPR: number;
}
@ObjectType()
export class CreativePerformanceCostAnswer {
  @Field(() => [CreativePerformanceCostRow]) table_data: CreativePerformanceCostRow[];
  @Field(() => GraphQLJSONObject) summary_data: object;
}

@ObjectType()
export class PlatformCreativePerformanceRow {
  @Field() Platform: string;
  @Field() Creative: string;
  @Field(() => Float) Impressions_Perc: number;
  @Field(() => Float) Responses_Perc: number;
}
@ObjectType()
export class PlatformCreativePerformanceAnswer {
  @Field(() => [PlatformCreativePerformanceRow]) table_data: PlatformCreativePerformanceRow[];
  @Field(() => GraphQLJSONObject) summary_data: object;
}

@ObjectType()
export class AnalysisSections {
  @Field() summary: string;
  @Field() campaign_performance: string;
  @Field() creative_effectiveness: string;
  @Field() geographic_distribution: string;
  @Field() response_profile: string;
}
@ObjectType()
export class AnalysisAnswer {
  @Field(() => [GraphQLJSONObject]) table_data: object[];
  @Field(() => AnalysisSections) summary_data: AnalysisSections;
}

@ObjectType({
  description: 'DESIGN 4b: households whose number of impressions in I(F) is Frequency (10 = 10 or more).',
})
export class ReachFrequencyRow {
  @Field(() => Int) Frequency: number;
  @Field(() => Float) Households: number;
  @Field(() => Float) Responding: number;
  @Field(() => Float) Response_Rate: number;
}
@ObjectType()
export class ReachFrequencyData {
  @Field(() => Float, { description: 'Distinct households with an impression in I(F)' }) Reach: number;
  @Field(() => Float) Avg_Frequency: number;
  @Field(() => Int) Optimal_Frequency: number;
  @Field({ description: 'True when Reach and the rows are estimated from a household sample (within 1%)' })
  Approximate: boolean;
  @Field(() => Float, { description: 'Share of households read: 1 when exact, else the sample rate' })
  Sample_Rate: number;
}
@ObjectType()
export class ReachFrequencyAnswer {
  @Field(() => [ReachFrequencyRow]) table_data: ReachFrequencyRow[];
  @Field(() => ReachFrequencyData) summary_data: ReachFrequencyData;
}

@ObjectType()
export class IncrementalLiftData {
  @Field(() => String, { description: '"holdout" (control group of 100+ households) or "pre_post"' })
  Method: 'holdout' | 'pre_post';
  @Field(() => Float) Exposed_Households: number;
  @Field(() => Float) Control_Households: number;
  @Field(() => Float) Exposed_Rate: number;
  @Field(() => Float) Control_Rate: number;
  @Field(() => Float) Incremental_Responses: number;
  @Field(() => Float) Lift: number;
  @Field(() => Float) Lift_Low: number;
  @Field(() => Float) Lift_High: number;
  @Field({
    description: 'True when the exposed side is estimated from a household sample (the control group is always exact)',
  })
  Approximate: boolean;
  @Field(() => Float, { description: 'Share of households read: 1 when exact, else the sample rate' })
  Sample_Rate: number;
}
@ObjectType()
export class IncrementalLiftAnswer {
  @Field(() => [GraphQLJSONObject]) table_data: object[];
  @Field(() => IncrementalLiftData) summary_data: IncrementalLiftData;
}
