import { CustomerResolver } from '../customers/customer.resolver';
import { ReferenceResolver } from '../reference/reference.resolver';
import { RelationshipResolver } from '../relationships/relationship.resolver';
import { UserResolver } from '../users/user.resolver';
import { AgencyResolver } from './agency.resolver';
import { AdtechGroupResolver, AdtechResolver, BroadcasterResolver, ChannelResolver } from './system.resolver';

/** Resolvers of organisation administration (registered with one line in graphql/resolvers.ts). */
export const orgResolvers = [
  ReferenceResolver,
  AgencyResolver,
  CustomerResolver,
  UserResolver,
  BroadcasterResolver,
  AdtechResolver,
  AdtechGroupResolver,
  ChannelResolver,
  RelationshipResolver,
] as const;
