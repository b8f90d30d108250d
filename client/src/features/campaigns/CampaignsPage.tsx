import { useQuery } from '@apollo/client/react';
import { Flex, Heading, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMegaphone } from 'react-icons/lu';
import { CustomerSelect } from '../../components/customer/CustomerSelect';
import { useStoredCustomer } from '../../components/customer/useStoredCustomer';
import { EmptyState } from '../../components/EmptyState';
import { ManagementCustomersDocument } from '../../gql/graphql';
import { TABS, TEXTS, type TabKey } from './texts';
import { lazyNamed, PanelLoading } from '../../components/lazy';
import { TabStrip } from '../../components/TabStrip';

const BookingsTab = lazyNamed(() => import('./tabs/BookingsTab'), 'BookingsTab', <PanelLoading />);
const CampaignsTab = lazyNamed(() => import('./tabs/CampaignsTab'), 'CampaignsTab', <PanelLoading />);
const CreativesTab = lazyNamed(() => import('./tabs/CreativesTab'), 'CreativesTab', <PanelLoading />);
const ImpressionTagsTab = lazyNamed(() => import('./tabs/ImpressionTagsTab'), 'ImpressionTagsTab', <PanelLoading />);
const AlertsReportsTab = lazyNamed(() => import('../alerts/AlertsReportsTab'), 'AlertsReportsTab', <PanelLoading />);
const SiteTagsTab = lazyNamed(() => import('./tabs/SiteTagsTab'), 'SiteTagsTab', <PanelLoading />);

/** /campaigns: a client's campaigns, bookings, creatives, impression tags and site tags (spec 2). */
export default function CampaignsPage() {
  const customers = useQuery(ManagementCustomersDocument);
  const list = customers.data?.dashboardCustomers;
  const { customerId, setCustomerId } = useStoredCustomer(list);
  const [tab, setTab] = useState<TabKey>('campaigns');

  return (
    <Flex direction="column" gap="5">
      <Flex
        justify="space-between"
        align={{ base: 'stretch', md: 'center' }}
        direction={{ base: 'column', md: 'row' }}
        gap="3"
      >
        <Heading as="h1" size="2xl" color="primary">
          {TEXTS.heading}
        </Heading>
        <CustomerSelect
          customers={list ?? []}
          value={customerId}
          onChange={setCustomerId}
          loading={customers.loading && !list}
          placeholder={TEXTS.selectClient}
        />
      </Flex>
      {customerId === null ? (
        <EmptyState
          icon={<LuMegaphone />}
          title={list && list.length === 0 ? TEXTS.noClients : TEXTS.selectClient}
          description={list && list.length === 0 ? undefined : TEXTS.noClient}
        />
      ) : (
        <Tabs.Root
          value={tab}
          onValueChange={(e) => setTab(e.value as TabKey)}
          lazyMount
          unmountOnExit
          variant="line"
          colorPalette="brand"
        >
          <TabStrip value={tab}>
            {TABS.map((t) => (
              <Tabs.Trigger key={t.key} value={t.key} whiteSpace="nowrap" flexShrink={0}>
                {t.label}
              </Tabs.Trigger>
            ))}
          </TabStrip>
          <Tabs.Content value="campaigns">
            <CampaignsTab key={customerId} customerId={customerId} />
          </Tabs.Content>
          <Tabs.Content value="bookings">
            <BookingsTab key={customerId} customerId={customerId} />
          </Tabs.Content>
          <Tabs.Content value="creatives">
            <CreativesTab key={customerId} customerId={customerId} />
          </Tabs.Content>
          <Tabs.Content value="impressionTags">
            <ImpressionTagsTab key={customerId} customerId={customerId} />
          </Tabs.Content>
          <Tabs.Content value="siteTags">
            <SiteTagsTab key={customerId} customerId={customerId} />
          </Tabs.Content>
          <Tabs.Content value="alerts">
            <AlertsReportsTab key={customerId} customerId={customerId} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Flex>
  );
}
