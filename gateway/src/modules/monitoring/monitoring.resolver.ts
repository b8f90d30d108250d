import { Ctx, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import * as monitoring from './monitoring.service';
import {
  ActiveUsers,
  CacheHealthInfo,
  DailyActivity,
  EtlPipelineStatus,
  QueueStat,
  QueueSummary,
  RedisHealth,
  StrainSummary,
} from './monitoring.types';

/** The monitoring calls of spec 7 over GraphQL: one line each over the same service (super admin). */
@Resolver()
export class MonitoringResolver {
  @Query(() => ActiveUsers, { description: 'GET /api/active-users' })
  activeUsers(@Ctx() ctx: GqlContext): Promise<ActiveUsers> {
    return monitoring.activeUsers(ctx.app, requireActor(ctx));
  }

  @Query(() => DailyActivity, { description: 'GET /api/admin/daily-activity' })
  dailyActivity(@Ctx() ctx: GqlContext): Promise<DailyActivity> {
    return monitoring.dailyActivity(ctx.app, requireActor(ctx));
  }

  @Query(() => [QueueStat], { description: 'GET /api/admin/redis/queue-stats' })
  redisQueueStats(@Ctx() ctx: GqlContext): Promise<QueueStat[]> {
    return monitoring.queueStats(ctx.app, requireActor(ctx));
  }

  @Query(() => QueueSummary, { description: 'GET /api/admin/redis/queue-summary' })
  redisQueueSummary(@Ctx() ctx: GqlContext): Promise<QueueSummary> {
    return monitoring.queueSummary(ctx.app, requireActor(ctx));
  }

  @Query(() => RedisHealth, { description: 'GET /api/admin/redis/health' })
  redisHealth(@Ctx() ctx: GqlContext): Promise<RedisHealth> {
    return monitoring.redisHealth(ctx.app, requireActor(ctx));
  }

  @Query(() => CacheHealthInfo, { description: 'GET /api/admin/redis/info' })
  redisInfo(@Ctx() ctx: GqlContext): Promise<CacheHealthInfo> {
    return monitoring.redisInfo(ctx.app, requireActor(ctx));
  }

  @Query(() => StrainSummary, { description: 'GET /api/admin/redis/strain/summary' })
  redisStrainSummary(@Ctx() ctx: GqlContext): Promise<StrainSummary> {
    return monitoring.strainSummary(ctx.app, requireActor(ctx));
  }

  @Query(() => EtlPipelineStatus, { description: 'GET /api/ingest/status, counted for the ETL Pipeline Status panel' })
  etlPipelineStatus(@Ctx() ctx: GqlContext): Promise<EtlPipelineStatus> {
    return monitoring.etlPipelineStatus(ctx.app, requireActor(ctx));
  }
}
