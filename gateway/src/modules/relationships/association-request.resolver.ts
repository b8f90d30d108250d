import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { decideAssociationRequest, listAssociationRequests } from './association-request.service';
import { AssociationRequest, AssociationRequests } from './association-request.types';

@Resolver(() => AssociationRequest)
export class AssociationRequestResolver {
  @Query(() => AssociationRequests, { description: 'GET /api/association-requests' })
  associationRequests(@Ctx() ctx: GqlContext): Promise<AssociationRequests> {
    return listAssociationRequests(ctx.app, requireActor(ctx));
  }

  @Mutation(() => AssociationRequest, { description: 'POST /api/association-requests/:id/accept' })
  acceptAssociationRequest(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext): Promise<AssociationRequest> {
    return decideAssociationRequest(ctx.app, requireActor(ctx), id, 'accept');
  }

  @Mutation(() => AssociationRequest, { description: 'POST /api/association-requests/:id/decline' })
  declineAssociationRequest(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext): Promise<AssociationRequest> {
    return decideAssociationRequest(ctx.app, requireActor(ctx), id, 'decline');
  }

  @Mutation(() => AssociationRequest, { description: 'POST /api/association-requests/:id/withdraw' })
  withdrawAssociationRequest(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext): Promise<AssociationRequest> {
    return decideAssociationRequest(ctx.app, requireActor(ctx), id, 'withdraw');
  }
}
