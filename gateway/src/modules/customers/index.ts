import type { GatewayModule } from '../../shared/module';
import { Customer } from './customer.entity';
import { CustomerResolver } from './customer.resolver';
import { mountCustomerRoutes } from './customer.routes';

/** Customers (the spec's clients). */
export const customersModule: GatewayModule = {
  name: 'customers',
  entities: [Customer],
  resolvers: [CustomerResolver],
  routes: [mountCustomerRoutes],
};
