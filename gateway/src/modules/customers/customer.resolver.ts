import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { type GqlContext, requireActor } from '../../graphql/context';
import { withPrimary } from '@infinitum/rules';
import { plain } from '../../shared/input';
import {
  countryNameByCodeLoader,
  operationalCountriesByOwnerLoader,
  taxonomyDescByIdLoader,
} from '../organisations/org.loaders';
import { Message } from '../organisations/organisation.types';
import { removeEntity } from '../organisations/removal.service';
import { Country } from '../reference/reference.types';
import { associateCustomer, createCustomer, getCustomer, listCustomers, updateCustomer } from './customer.service';
import { Customer, CustomerInput } from './customer.types';
import { AssociationRequest } from '../relationships/association-request.types';

@Resolver(() => Customer)
export class CustomerResolver {
  @Query(() => [Customer], { description: 'GET /api/customers/?associated=' })
  customers(
    @Arg('associated', () => Boolean, { nullable: true }) associated: boolean | null,
    @Ctx() ctx: GqlContext,
    @Arg('q', () => String, { nullable: true, description: 'associated: false: at least 2 characters of the name' })
    q?: string | null,
  ): Promise<Customer[]> {
    return listCustomers(ctx.app, requireActor(ctx), { associated: associated ?? true, q });
  }

  @Query(() => Customer)
  customer(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext): Promise<Customer> {
    return getCustomer(ctx.app, requireActor(ctx), id);
  }

  @Mutation(() => Customer)
  createCustomer(@Arg('input', () => CustomerInput) input: CustomerInput, @Ctx() ctx: GqlContext): Promise<Customer> {
    return createCustomer(ctx.app, requireActor(ctx), plain(input));
  }

  @Mutation(() => Customer)
  updateCustomer(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => CustomerInput) input: CustomerInput,
    @Ctx() ctx: GqlContext,
  ): Promise<Customer> {
    return updateCustomer(ctx.app, requireActor(ctx), id, plain(input));
  }

  @Mutation(() => Message)
  deleteCustomer(@Arg('id', () => Int) id: number, @Ctx() ctx: GqlContext): Promise<Message> {
    return removeEntity(ctx.app, requireActor(ctx), 'client', id);
  }

  @Mutation(() => AssociationRequest, { description: 'POST /api/customers/:id/associate: a pending request' })
  associateCustomer(
    @Arg('id', () => Int) id: number,
    @Arg('input', () => CustomerInput, { nullable: true }) input: CustomerInput | null,
    @Ctx() ctx: GqlContext,
  ): Promise<AssociationRequest> {
    return associateCustomer(ctx.app, requireActor(ctx), id, plain(input));
  }

  @FieldResolver(() => String, { nullable: true, description: 'Category' })
  taxonomy_desc(@Root() c: Customer, @Ctx() ctx: GqlContext): Promise<string | null> {
    return c.taxonomy_id > 0 ? taxonomyDescByIdLoader(ctx.loaders).load(c.taxonomy_id) : Promise.resolve(null);
  }

  @FieldResolver(() => [String], { description: 'Operational countries, primary first' })
  async country_list(@Root() c: Customer, @Ctx() ctx: GqlContext): Promise<string[]> {
    return withPrimary(
      c.country_code,
      await operationalCountriesByOwnerLoader(ctx.loaders).load({ kind: 'customer', id: c.id }),
    );
  }

  @FieldResolver(() => [Country])
  async operational_countries(@Root() c: Customer, @Ctx() ctx: GqlContext): Promise<Country[]> {
    const list = await this.country_list(c, ctx);
    const names = await countryNameByCodeLoader(ctx.loaders).loadMany(list);
    return list.map((code, i) => ({
      country_code: code,
      country_name: typeof names[i] === 'string' ? names[i] : code,
    }));
  }

  @FieldResolver(() => Boolean)
  async is_multi_country(@Root() c: Customer, @Ctx() ctx: GqlContext): Promise<boolean> {
    return (await this.country_list(c, ctx)).length > 1;
  }
}
