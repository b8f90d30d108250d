import { Arg, Ctx, Int, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { recordSummary } from './records-summary.service';
import { RecordSummaryType } from './records-summary.types';

@Resolver()
export class RecordSummaryResolver {
  @Query(() => RecordSummaryType, { description: 'The Campaign management cards of a customer the caller can see.' })
  recordSummary(@Arg('customer_id', () => Int) customerId: number, @Ctx() ctx: GqlContext) {
    return recordSummary(ctx.app, requireActor(ctx), customerId);
  }
}
