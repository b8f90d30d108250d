import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { plain } from '../../shared/input';
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from './saved-view.service';
import { SavedViewInput, SavedViewType } from './saved-view.types';

/** GraphQL side of docs/api.md#saved-views: the same service as REST, so the same checks and answers. */
@Resolver(() => SavedViewType)
export class SavedViewResolver {
  @Query(() => [SavedViewType], { description: "The signed-in user's saved views, by name." })
  savedViews(@Ctx() ctx: GqlContext) {
    return listSavedViews(ctx.app, requireActor(ctx));
  }

  @Mutation(() => SavedViewType, { description: 'Names the current dashboard selection.' })
  createSavedView(@Arg('input', () => SavedViewInput) input: SavedViewInput, @Ctx() ctx: GqlContext) {
    return createSavedView(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => SavedViewType, { description: 'Renames a saved view (name) or saves a selection under it (query).' })
  updateSavedView(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => SavedViewInput) input: SavedViewInput,
    @Ctx() ctx: GqlContext,
  ) {
    // GraphQL sends absent fields as absent, and null as "not changed".
    const changes = Object.fromEntries(Object.entries(plain(input)).filter(([, v]) => v !== null));
    return updateSavedView(ctx.app, requireActor(ctx), id, changes);
  }

  @Mutation(() => SavedViewType, { description: 'Deletes a saved view; answers the view deleted.' })
  deleteSavedView(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext) {
    return deleteSavedView(ctx.app, requireActor(ctx), id);
  }
}
