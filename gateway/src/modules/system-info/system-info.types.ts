import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'One name and value of the running configuration.' })
export class ConfigSetting {
  @Field() name: string;
  @Field() value: string;
}

@ObjectType({ description: 'The running configuration (super admin, read-only; never a secret).' })
export class SystemConfiguration {
  @Field({ description: 'App version, e.g. 3.1.0' }) version: string;
  @Field({ description: 'Release branch, e.g. aug25-rc' }) build: string;
  @Field({ description: 'development, test or production' }) environment: string;
  @Field() node_version: string;
  @Field({ description: 'ISO 8601' }) started_at: string;
  @Field(() => Int) uptime_seconds: number;
  @Field(() => [ConfigSetting]) settings: ConfigSetting[];
  @Field(() => [ConfigSetting], { description: 'Business constants of spec 9' }) defaults: ConfigSetting[];
}

@ObjectType()
export class MigrationState {
  @Field(() => Int) executed: number;
  @Field(() => Int) pending: number;
  @Field(() => String, { nullable: true }) last_name: string | null;
  @Field(() => [String]) pending_names: string[];
}

@ObjectType()
export class TableStat {
  @Field() table_name: string;
  @Field(() => Float, { description: "InnoDB's row estimate" }) row_estimate: number;
  @Field(() => Float) data_bytes: number;
  @Field(() => Float) index_bytes: number;
  @Field(() => Float) total_bytes: number;
}

@ObjectType({ description: 'Migration state and the largest tables (super admin, read-only).' })
export class DatabaseStatus {
  @Field() server_version: string;
  @Field() database: string;
  @Field(() => Float) total_bytes: number;
  @Field(() => Int) table_count: number;
  @Field(() => MigrationState) migrations: MigrationState;
  @Field(() => [TableStat], { description: 'Largest first, at most 10' }) tables: TableStat[];
}
