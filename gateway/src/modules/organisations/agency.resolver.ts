import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { plain } from '../../shared/input';
import { associateAgency, createAgency, getAgency, listAgencies, updateAgency } from './agency.service';
import { Agency, AgencyInput, Message } from './organisation.types';
import { removeEntity } from './removal.service';
import { AssociationRequest } from '../relationships/association-request.types';

@Resolver(() => Agency)
export class AgencyResolver {
  @Query(() => [Agency], { description: 'GET /api/agencies/?associated=' })
  agencies(
    @Arg('associated', () => Boolean, { nullable: true }) associated: boolean | null,
    @Ctx() ctx: GqlContext,
    @Arg('q', () => String, { nullable: true, description: 'associated: false: at least 2 characters of the name' })
    q?: string | null,
  ): Promise<Agency[]> {
    return listAgencies(ctx.app, requireActor(ctx), { associated: associated ?? true, q });
  }

  @Query(() => Agency)
  agency(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext): Promise<Agency> {
    return getAgency(ctx.app, requireActor(ctx), id);
  }

  @Mutation(() => Agency)
  createAgency(@Arg('input', () => AgencyInput) input: AgencyInput, @Ctx() ctx: GqlContext): Promise<Agency> {
    return createAgency(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => Agency)
  updateAgency(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => AgencyInput) input: AgencyInput,
    @Ctx() ctx: GqlContext,
  ): Promise<Agency> {
    return updateAgency(ctx.app, requireActor(ctx), id, plain(input));
  }

  @Mutation(() => Message)
  deleteAgency(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext): Promise<Message> {
    return removeEntity(ctx.app, requireActor(ctx), 'agency', id);
  }

  @Mutation(() => AssociationRequest, { description: 'POST /api/agencies/:id/associate: a pending request' })
  associateAgency(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => AgencyInput, { nullable: true }) input: AgencyInput | null,
    @Ctx() ctx: GqlContext,
  ): Promise<AssociationRequest> {
    return associateAgency(ctx.app, requireActor(ctx), id, plain(input));
  }

  @Mutation(() => Message, {
    description: 'DELETE /api/entities/:type/:id (agency, broadcaster, channel, client, user, adtech)',
  })
  removeEntity(
    @Arg('type', () => String) type: string,
    @Arg('id', () => Int) id: number,
    @Ctx() ctx: GqlContext,
  ): Promise<Message> {
    return removeEntity(ctx.app, requireActor(ctx), type, id);
  }
}
