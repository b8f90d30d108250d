import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import * as auth from './auth.service';
import { AuthMessage, LoginResult, Me, RefreshResult, TokenCheck } from './auth.types';

// The service answers plain objects with exactly these fields; the classes only describe them.
const as = <T extends object>(cls: new () => T, value: Partial<T>): T => Object.assign(new cls(), value);

@Resolver()
export class AuthResolver {
  @Mutation(() => LoginResult)
  async login(@Arg('email') email: string, @Arg('password') password: string, @Ctx() ctx: GqlContext) {
    return as(LoginResult, await auth.login(ctx.app, null, { email, password, ip: ctx.ip ?? 'unknown' }));
  }

  @Mutation(() => RefreshResult)
  async refreshToken(@Arg('token') token: string, @Ctx() ctx: GqlContext) {
    return as(RefreshResult, await auth.refreshSession(ctx.app, null, { token }));
  }

  @Mutation(() => AuthMessage, {
    description:
      'Sign out: revokes the session of this refresh token, and the one the access token sent names; its access tokens stop working too.',
  })
  async logout(@Arg('token', () => String, { nullable: true }) token: string | null, @Ctx() ctx: GqlContext) {
    return as(AuthMessage, await auth.logout(ctx.app, ctx.signedBy ?? null, { token }));
  }

  @Mutation(() => AuthMessage)
  async requestPasswordReset(@Arg('email') email: string, @Ctx() ctx: GqlContext) {
    return as(AuthMessage, await auth.requestPasswordReset(ctx.app, null, { email, ip: ctx.ip ?? 'unknown' }));
  }

  @Query(() => TokenCheck)
  async verifyResetToken(@Arg('token') token: string, @Ctx() ctx: GqlContext) {
    return as(TokenCheck, await auth.verifyResetToken(ctx.app, null, { token }));
  }

  @Mutation(() => AuthMessage)
  async resetPassword(@Arg('token') token: string, @Arg('new_password') newPassword: string, @Ctx() ctx: GqlContext) {
    return as(AuthMessage, await auth.resetPassword(ctx.app, null, { token, new_password: newPassword }));
  }

  @Mutation(() => AuthMessage)
  async acceptInvitation(@Arg('token') token: string, @Ctx() ctx: GqlContext) {
    return as(AuthMessage, await auth.acceptInvitation(ctx.app, null, { token }));
  }

  @Query(() => Me)
  async me(@Ctx() ctx: GqlContext) {
    return as(Me, await auth.currentUser(ctx.app, requireActor(ctx)));
  }
}
