import { Ctx, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { databaseStatus, systemConfiguration } from './system-info.service';
import { DatabaseStatus, SystemConfiguration } from './system-info.types';

@Resolver()
export class SystemInfoResolver {
  @Query(() => SystemConfiguration, { description: 'GET /api/admin/system/configuration (super admin)' })
  systemConfiguration(@Ctx() ctx: GqlContext): SystemConfiguration {
    return systemConfiguration(ctx.app, requireActor(ctx));
  }

  @Query(() => DatabaseStatus, { description: 'GET /api/admin/system/database (super admin)' })
  databaseStatus(@Ctx() ctx: GqlContext): Promise<DatabaseStatus> {
    return databaseStatus(ctx.app, requireActor(ctx));
  }
}
