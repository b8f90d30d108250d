import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { plain } from '../../shared/input';
import { assertCustomerVisible } from '../access/customer-scope';
import { recipientOptions } from '../access/recipients';
import {
  createReportSchedule,
  deleteReportSchedule,
  listReportSchedules,
  sendReportNow,
  updateReportSchedule,
} from './report.service';
import { RecipientOptionType, ReportPreviewType, ReportScheduleInput, ReportScheduleType } from './report.types';

/** Scheduled reports over GraphQL (docs/api.md#scheduled-reports): the same services as REST. */
@Resolver()
export class ReportResolver {
  @Query(() => [ReportScheduleType], { description: 'Scheduled reports of a customer the caller can see.' })
  reportSchedules(@Arg('customer_id', () => Int) customerId: number, @Ctx() ctx: GqlContext) {
    return listReportSchedules(ctx.app, requireActor(ctx), customerId);
  }

  @Query(() => [RecipientOptionType], {
    description: "Users who may receive a customer's alert and report mails (active, able to see the customer).",
  })
  async mailRecipientOptions(@Arg('customer_id', () => Int) customerId: number, @Ctx() ctx: GqlContext) {
    const actor = requireActor(ctx);
    await assertCustomerVisible(ctx.app.ds.manager, actor, customerId);
    return recipientOptions(ctx.app.ds.manager, actor, customerId);
  }

  @Mutation(() => ReportScheduleType)
  createReportSchedule(@Arg('input', () => ReportScheduleInput) input: ReportScheduleInput, @Ctx() ctx: GqlContext) {
    return createReportSchedule(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => ReportScheduleType)
  updateReportSchedule(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => ReportScheduleInput) input: ReportScheduleInput,
    @Ctx() ctx: GqlContext,
  ) {
    return updateReportSchedule(ctx.app, requireActor(ctx), id, plain(input));
  }

  @Mutation(() => Boolean)
  async deleteReportSchedule(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext) {
    await deleteReportSchedule(ctx.app, requireActor(ctx), id);
    return true;
  }

  @Mutation(() => ReportPreviewType, {
    description: "Mails the latest period's report to the caller only (a preview).",
  })
  sendReportNow(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext) {
    return sendReportNow(ctx.app, requireActor(ctx), id);
  }
}
