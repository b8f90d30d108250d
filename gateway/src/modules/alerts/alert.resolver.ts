import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { plain } from '../../shared/input';
import { alertInbox, listAlertRules, markAlertsRead, updateAlertRule } from './alert.service';
import { alertActivity } from './alert.activity';
import { AlertActivityType, AlertInboxType, AlertRuleInput, AlertRuleType } from './alert.types';

@Resolver()
export class AlertResolver {
  @Query(() => [AlertRuleType], { description: 'Alert rules of a customer the caller can see.' })
  alertRules(@Arg('customer_id', () => Int) customerId: number, @Ctx() ctx: GqlContext) {
    return listAlertRules(ctx.app, requireActor(ctx), customerId);
  }

  @Mutation(() => AlertRuleType)
  updateAlertRule(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => AlertRuleInput) input: AlertRuleInput,
    @Ctx() ctx: GqlContext,
  ) {
    return updateAlertRule(ctx.app, requireActor(ctx), id, plain(input));
  }

  @Query(() => AlertInboxType, { description: 'The bell: latest alerts of the customers the caller can see.' })
  alerts(@Ctx() ctx: GqlContext) {
    return alertInbox(ctx.app, requireActor(ctx));
  }

  @Query(() => AlertActivityType, {
    description: 'Monitoring (super admin): recent alert evaluations and alert and report mails.',
  })
  alertActivity(@Ctx() ctx: GqlContext) {
    return alertActivity(ctx.app, requireActor(ctx));
  }

  @Mutation(() => AlertInboxType, { description: 'Marks alerts read for the caller.' })
  markAlertsRead(@Arg('ids', () => [Int]) ids: number[], @Ctx() ctx: GqlContext) {
    return markAlertsRead(ctx.app, requireActor(ctx), { ids });
  }
}
