import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A user whose last authenticated call is at most 15 minutes old (spec 3: Active user).' })
export class ActiveUser {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field() email: string;
  @Field({ description: 'ROLE_ADMIN or ROLE_{ENTITY}_{ADMIN|USER}' }) role_name: string;
  @Field({ description: 'SYSTEM, CUSTOMER, AGENCY, BROADCASTER or ADTECH' }) entity_type: string;
  @Field({ description: "The user's organisation ('System' for the super admin)" }) entity_name: string;
  @Field({ description: 'ISO 8601 time of the last authenticated call' }) last_active: string;
  @Field(() => Int, { description: 'Authenticated calls counted so far' }) api_calls: number;
  @Field() isAdmin: boolean;
}

@ObjectType()
export class EntityTypeCount {
  @Field() entity_type: string;
  @Field(() => Int) count: number;
}

@ObjectType({ description: 'Active users (last 15 minutes) and how many per organisation type.' })
export class ActiveUsers {
  @Field(() => [ActiveUser], { description: 'Most recent first' }) users: ActiveUser[];
  @Field(() => [EntityTypeCount], { description: 'Every organisation type, zeros included' })
  counts: EntityTypeCount[];
  @Field(() => Int) total: number;
  @Field(() => Int) window_minutes: number;
}

@ObjectType()
export class ActivityCount {
  @Field(() => Int) id: number;
  @Field() name: string;
  @Field(() => Float) count: number;
  @Field() customer_name: string;
}

@ObjectType({ description: "Today's hits, each customer's today in its own time zone (spec 3: Daily activity)." })
export class DailyActivity {
  @Field(() => Float) total_impressions: number;
  @Field(() => Float) total_webhits: number;
  @Field(() => [ActivityCount], { description: 'Top 10 customers by impressions plus site hits' })
  customer_data: ActivityCount[];
  @Field(() => [ActivityCount], { description: 'Top 10 bookings by impressions' }) booking_data: ActivityCount[];
  @Field(() => [ActivityCount], { description: 'Top 10 site tags by site hits' }) site_data: ActivityCount[];
}

@ObjectType({ description: 'One stream and consumer group (spec 3: Queue stat).' })
export class QueueStat {
  @Field() name: string;
  @Field() stream: string;
  @Field(() => String, { nullable: true }) group: string | null;
  @Field(() => Int, { description: 'Pending plus undelivered messages of the group' }) messages: number;
  @Field(() => Int) pending: number;
  @Field(() => Int) consumers: number;
  @Field(() => Float, { description: 'Bytes' }) memory_usage: number;
  @Field(() => Float, { description: 'Messages added per second' }) message_rate: number;
}

@ObjectType()
export class QueueSummary {
  @Field(() => Int) total_messages: number;
  @Field(() => Int) total_consumers: number;
  @Field(() => Int) largest_queue: number;
}

@ObjectType()
export class RedisServer {
  @Field() version: string;
  @Field(() => Float) uptime_seconds: number;
}

@ObjectType()
export class RedisClients {
  @Field(() => Int) connected_clients: number;
}

@ObjectType()
export class RedisMemory {
  @Field(() => Float) used_memory: number;
  @Field() used_memory_human: string;
  @Field(() => Float) used_memory_peak: number;
  @Field() used_memory_peak_human: string;
  @Field(() => Float) memory_usage_percent: number;
  @Field(() => Float) memory_limit: number;
  @Field({ description: 'maxmemory or system' }) memory_limit_source: string;
}

@ObjectType({ description: 'A collector process, from its heartbeat.' })
export class EdgeServer {
  @Field() hostname: string;
  @Field(() => Int) pid: number;
  @Field(() => Float, { description: 'Hits taken since the process started' }) log_entries: number;
  @Field(() => Float) spooled: number;
  @Field(() => Int) last_seen_seconds: number;
  @Field() active: boolean;
}

@ObjectType()
export class EdgeServers {
  @Field(() => Int) active_servers: number;
  @Field(() => Float) total_log_entries: number;
  @Field(() => [EdgeServer]) servers: EdgeServer[];
}

@ObjectType({ description: 'Spec 3: Cache health info.' })
export class CacheHealthInfo {
  @Field(() => RedisServer) server: RedisServer;
  @Field(() => RedisClients) clients: RedisClients;
  @Field(() => RedisMemory) memory: RedisMemory;
  @Field(() => EdgeServers) edge_servers: EdgeServers;
}

@ObjectType()
export class StrainMetrics {
  @Field(() => Float) ops_per_sec: number;
  @Field(() => Float, { description: 'Average PING round trip, measured' }) avg_latency_ms: number;
  @Field(() => Float, { description: 'Percent of maxmemory or of the machine' }) memory_usage: number;
  @Field(() => Int) connected_clients: number;
}

@ObjectType()
export class CriticalIssue {
  @Field({ description: 'eviction_policy, memory, stale_pending, silent_collector or spool_waiting' }) code: string;
  @Field() message: string;
}

@ObjectType()
export class StrainSummary {
  @Field(() => StrainMetrics) key_metrics: StrainMetrics;
  @Field(() => [CriticalIssue]) critical_issues: CriticalIssue[];
}

@ObjectType()
export class RedisHealth {
  @Field({ description: 'healthy or degraded' }) status: string;
  @Field(() => Float) ping_ms: number;
  @Field(() => Int) critical_issues: number;
  @Field() checked_at: string;
}

@ObjectType({ description: 'Hits of invalid traffic stored apart for one reason (docs/invalid-traffic.md).' })
export class InvalidReasonCount {
  @Field({ description: 'gpc, opt_out, bot, prefetch, datacenter, repeat or nat' }) reason: string;
  @Field({ description: 'What the reason means, for people' }) label: string;
  @Field(() => Float) hits: number;
}

@ObjectType({ description: 'GET /api/ingest/status, the figures the ETL Pipeline Status panel shows.' })
export class EtlPipelineStatus {
  @Field(() => Int) length: number;
  @Field(() => Int) pending: number;
  @Field(() => Int) undelivered: number;
  @Field(() => Float) processed: number;
  @Field(() => Float) duplicates: number;
  @Field(() => Float) rejected: number;
  @Field(() => [InvalidReasonCount], { description: 'Invalid traffic per reason, in the order the rules are tried' })
  invalid_by_reason: InvalidReasonCount[];
  @Field(() => Float) lag_ms: number;
  @Field(() => Float) events_per_s: number;
  @Field(() => String, { nullable: true }) last_batch_at: string | null;
  @Field(() => String, { nullable: true }) watermark: string | null;
  @Field(() => Int) consumers: number;
  @Field(() => Int) collectors: number;
  @Field(() => Float) spooled_bytes: number;
  @Field() idle: boolean;
  @Field({ description: 'ISO 8601 time of this reading (each poll is a new point of the sparkline)' }) read_at: string;
}
