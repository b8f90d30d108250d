import type { GatewayModule } from '../../shared/module';
import { Adtech } from './adtech.entity';
import { AdtechGroup, AdtechGroupMember } from './adtech-group.entity';
import { Agency } from './agency.entity';
import { AgencyResolver } from './agency.resolver';
import { mountAgencyRoutes } from './agency.routes';
import { Broadcaster } from './broadcaster.entity';
import { Channel } from './channel.entity';
import { OperationalCountry } from './operational-country.entity';
import { systemResolvers } from './system.resolver';
import { mountSystemRoutes } from './system.routes';

/** Agencies, broadcasters, ad-tech companies and groups, channels, and their removal. */
export const organisationsModule: GatewayModule = {
  name: 'organisations',
  entities: [Agency, Broadcaster, Adtech, AdtechGroup, AdtechGroupMember, OperationalCountry, Channel],
  resolvers: [AgencyResolver, ...systemResolvers],
  routes: [mountAgencyRoutes, mountSystemRoutes],
};
