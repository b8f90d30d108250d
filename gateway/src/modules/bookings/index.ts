import type { GatewayModule } from '../../shared/module';
import { Booking, BookingCreative } from './booking.entity';
import { BookingResolver } from './booking.resolver';
import { mountBookingRoutes } from './booking.routes';

export const bookingsModule: GatewayModule = {
  name: 'bookings',
  entities: [Booking, BookingCreative],
  resolvers: [BookingResolver],
  routes: [mountBookingRoutes],
};
