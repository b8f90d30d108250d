import type { Role } from '@infinitum/rules';

/** The demo world's fixed content (all New Zealand). Dates are relative to "today" in demo-world.ts. */
export const DEMO_PASSWORD = 'Demo-password-1';
export const DEMO_BROADCASTER = 'Aotearoa Television';
export const DEMO_ZONE = 'Pacific/Auckland';

export const BROADCASTER_CHANNELS = ['AOTV 1', 'AOTV 2', 'AOTV On Demand'] as const;
export const ADTECH = { name: 'Kiwi Programmatic', channel: 'KP Video Network', group: 'Programmatic Partners' };
export const AGENCY = {
  name: 'Harbour Media Agency',
  domain: 'harbourmedia.co.nz',
  adminEmail: 'ops@harbourmedia.co.nz',
};

export interface DemoCustomer {
  name: string;
  display: string;
  domain: string;
  taxonomy: string;
  /** [always-on campaign, seasonal campaign] */
  campaigns: [string, string];
  /** Video creatives: description and length; every customer also gets one 300x250 image. */
  videos: [string, string][];
  siteTags: [string, string, string];
}

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    name: 'Southern Cross Insurance',
    display: 'Southern Cross',
    domain: 'southerncrossinsurance.co.nz',
    taxonomy: 'Insurance',
    campaigns: ['Home Cover Always On', 'Summer Car Insurance'],
    videos: [
      ['Home Cover Hero', '30s'],
      ['Home Cover Cutdown', '15s'],
      ['Car Insurance Road Trip', '30s'],
    ],
    siteTags: ['Home page', 'Quote form', 'Thank you page'],
  },
  {
    name: 'Kea Outdoor Gear',
    display: 'Kea Outdoor',
    domain: 'keaoutdoor.co.nz',
    taxonomy: 'Retail',
    campaigns: ['Kea Brand Always On', 'Kea Summer Sale'],
    videos: [
      ['Into the Backcountry', '30s'],
      ['Summer Sale Cutdown', '15s'],
    ],
    siteTags: ['Home page', 'Product page', 'Order confirmation'],
  },
  {
    name: 'Tui Home Loans',
    display: 'Tui Loans',
    domain: 'tuihomeloans.co.nz',
    taxonomy: 'Banking and Finance',
    campaigns: ['First Home Always On', 'Refinance Spring Push'],
    videos: [
      ['First Home Story', '30s'],
      ['Refinance Cutdown', '15s'],
      ['Meet Our Advisers', '30s'],
    ],
    siteTags: ['Home page', 'Loan calculator', 'Application sent'],
  },
  {
    name: 'Pohutukawa Travel',
    display: 'Pohutukawa',
    domain: 'pohutukawatravel.co.nz',
    taxonomy: 'Travel and Tourism',
    campaigns: ['Pacific Escapes Always On', 'Winter Sun Deals'],
    videos: [
      ['Pacific Escapes', '30s'],
      ['Winter Sun Cutdown', '15s'],
    ],
    siteTags: ['Home page', 'Deals page', 'Booking confirmed'],
  },
];

export type DemoOrg = 'broadcaster' | 'agency' | 'customer' | 'adtech';

export interface DemoUser {
  org: DemoOrg;
  admin: boolean;
  name: string;
  email: string;
}

const person = (org: DemoOrg, admin: boolean, name: string): DemoUser => ({
  org,
  admin,
  name,
  email: `${org}.${admin ? 'admin' : 'user'}@demo.infinitum`,
});

/** One user per role; the customer users belong to the first customer (Southern Cross Insurance). */
export const DEMO_USERS: DemoUser[] = [
  person('broadcaster', true, 'Aroha Ngata'),
  person('broadcaster', false, 'Ben Taylor'),
  person('agency', true, 'Mere Parata'),
  person('agency', false, 'Sam Wilson'),
  person('customer', true, 'Hana Kim'),
  person('customer', false, 'Liam Smith'),
  person('adtech', true, 'Rangi Walker'),
  person('adtech', false, 'Olivia Brown'),
];

export const roleOfDemoUser = (u: DemoUser): Role =>
  `ROLE_${u.org.toUpperCase()}_${u.admin ? 'ADMIN' : 'USER'}` as Role;

/** CPMs picked in turn, all between 18 and 45 dollars. */
export const CPMS = [24, 32.5, 41, 18.5, 28, 36, 22, 45, 19.5, 30, 38.5, 26];
