import type { GatewayModule } from '../../shared/module';
import { Campaign } from './campaign.entity';
import { CampaignResolver } from './campaign.resolver';
import { mountCampaignRoutes } from './campaign.routes';

export const campaignsModule: GatewayModule = {
  name: 'campaigns',
  entities: [Campaign],
  resolvers: [CampaignResolver],
  routes: [mountCampaignRoutes],
};
