import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { requestErasure } from './erasure';
import { ErasureReportType } from './erasure.types';

@Resolver()
export class ErasureResolver {
  @Mutation(() => ErasureReportType, {
    description:
      "Erase a household (by id, or by an IP address hashed as the collector does) across every customer; the affected days' summaries are rebuilt; audited (super admin).",
  })
  eraseHousehold(
    @Arg('household_id', () => String, { nullable: true }) household_id: string | null,
    @Arg('ip', () => String, { nullable: true }) ip: string | null,
    @Ctx() ctx: GqlContext,
  ) {
    return requestErasure(ctx.app, requireActor(ctx), { household_id, ip });
  }
}
