import { Ctx, Query, Resolver } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { listCountries, listTaxonomies } from './reference.service';
import { Country, Taxonomy } from './reference.types';

@Resolver()
export class ReferenceResolver {
  @Query(() => [Country], { description: 'GET /api/countries/' })
  countries(@Ctx() ctx: GqlContext): Promise<Country[]> {
    return listCountries(ctx.app, requireActor(ctx));
  }

  @Query(() => [Taxonomy], { description: 'GET /api/taxonomies/' })
  taxonomies(@Ctx() ctx: GqlContext): Promise<Taxonomy[]> {
    return listTaxonomies(ctx.app, requireActor(ctx));
  }
}
