import { Ctx, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { adminSummary } from './admin-summary.service';
import { AdminSummaryType } from './admin-summary.types';

@Resolver()
export class AdminSummaryResolver {
  @Query(() => AdminSummaryType, { description: 'GET /api/admin/summary: the cards of Administrative tools.' })
  adminSummary(@Ctx() ctx: GqlContext) {
    return adminSummary(ctx.app, requireActor(ctx));
  }
}
