import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { plain } from '../../shared/input';
import { Message } from '../organisations/organisation.types';
import { createDirectUser } from './direct-user.service';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './user.service';
import { DirectUserInput, User, UserInput } from './user.types';

@Resolver(() => User)
export class UserResolver {
  @Query(() => [User], { description: 'GET /api/users/' })
  users(@Ctx() ctx: GqlContext): Promise<User[]> {
    return listUsers(ctx.app, requireActor(ctx));
  }

  @Query(() => User)
  user(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext): Promise<User> {
    return getUser(ctx.app, requireActor(ctx), id);
  }

  @Mutation(() => User, { description: 'Invites a user (inactive until the invitation is accepted)' })
  createUser(@Arg('input', () => UserInput) input: UserInput, @Ctx() ctx: GqlContext): Promise<User> {
    return createUser(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => User)
  updateUser(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => UserInput) input: UserInput,
    @Ctx() ctx: GqlContext,
  ): Promise<User> {
    return updateUser(ctx.app, requireActor(ctx), id, plain(input));
  }

  @Mutation(() => Message)
  deleteUser(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext): Promise<Message> {
    return deleteUser(ctx.app, requireActor(ctx), id);
  }

  @Mutation(() => User, { description: 'POST /api/admin/users/direct (super admin)' })
  createDirectUser(@Arg('input', () => DirectUserInput) input: DirectUserInput, @Ctx() ctx: GqlContext): Promise<User> {
    return createDirectUser(ctx.app, requireActor(ctx), plain(input));
  }
}
