import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { plain } from '../../shared/input';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from './api-key.service';
import { ApiKeyInput, ApiKeyType, IssuedApiKeyType } from './api-key.types';

@Resolver(() => ApiKeyType)
export class ApiKeyResolver {
  @Query(() => [ApiKeyType], { description: 'API keys the caller manages, with usage; never the secret.' })
  apiKeys(@Ctx() ctx: GqlContext) {
    return listApiKeys(ctx.app, requireActor(ctx));
  }

  @Mutation(() => IssuedApiKeyType, { description: 'The answer carries the secret, shown this once.' })
  createApiKey(@Arg('input', () => ApiKeyInput) input: ApiKeyInput, @Ctx() ctx: GqlContext) {
    return createApiKey(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => IssuedApiKeyType, { description: 'A new secret; the old one stops working at once.' })
  rotateApiKey(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext) {
    return rotateApiKey(ctx.app, requireActor(ctx), id);
  }

  @Mutation(() => ApiKeyType, { description: 'The next call with the key answers 401.' })
  revokeApiKey(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext) {
    return revokeApiKey(ctx.app, requireActor(ctx), id);
  }
}
