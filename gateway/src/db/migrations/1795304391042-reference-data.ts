import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Countries (code, name, default IANA zone for customers) and taxonomies, seeded once. */
const COUNTRIES: [string, string, string][] = [
  ['NZ', 'New Zealand', 'Pacific/Auckland'],
  ['AU', 'Australia', 'Australia/Sydney'],
  ['GB', 'United Kingdom', 'Europe/London'],
  ['IE', 'Ireland', 'Europe/Dublin'],
  ['US', 'United States', 'America/New_York'],
  ['CA', 'Canada', 'America/Toronto'],
  ['FJ', 'Fiji', 'Pacific/Fiji'],
  ['WS', 'Samoa', 'Pacific/Apia'],
  ['TO', 'Tonga', 'Pacific/Tongatapu'],
  ['CK', 'Cook Islands', 'Pacific/Rarotonga'],
  ['PG', 'Papua New Guinea', 'Pacific/Port_Moresby'],
  ['SG', 'Singapore', 'Asia/Singapore'],
  ['MY', 'Malaysia', 'Asia/Kuala_Lumpur'],
  ['ID', 'Indonesia', 'Asia/Jakarta'],
  ['PH', 'Philippines', 'Asia/Manila'],
  ['TH', 'Thailand', 'Asia/Bangkok'],
  ['VN', 'Vietnam', 'Asia/Ho_Chi_Minh'],
  ['HK', 'Hong Kong', 'Asia/Hong_Kong'],
  ['JP', 'Japan', 'Asia/Tokyo'],
  ['KR', 'South Korea', 'Asia/Seoul'],
  ['CN', 'China', 'Asia/Shanghai'],
  ['TW', 'Taiwan', 'Asia/Taipei'],
  ['IN', 'India', 'Asia/Kolkata'],
  ['AE', 'United Arab Emirates', 'Asia/Dubai'],
  ['ZA', 'South Africa', 'Africa/Johannesburg'],
  ['DE', 'Germany', 'Europe/Berlin'],
  ['FR', 'France', 'Europe/Paris'],
  ['ES', 'Spain', 'Europe/Madrid'],
  ['IT', 'Italy', 'Europe/Rome'],
  ['NL', 'Netherlands', 'Europe/Amsterdam'],
  ['BE', 'Belgium', 'Europe/Brussels'],
  ['SE', 'Sweden', 'Europe/Stockholm'],
  ['NO', 'Norway', 'Europe/Oslo'],
  ['DK', 'Denmark', 'Europe/Copenhagen'],
  ['FI', 'Finland', 'Europe/Helsinki'],
  ['PL', 'Poland', 'Europe/Warsaw'],
  ['PT', 'Portugal', 'Europe/Lisbon'],
  ['CH', 'Switzerland', 'Europe/Zurich'],
  ['AT', 'Austria', 'Europe/Vienna'],
  ['BR', 'Brazil', 'America/Sao_Paulo'],
  ['MX', 'Mexico', 'America/Mexico_City'],
  ['AR', 'Argentina', 'America/Argentina/Buenos_Aires'],
  ['CL', 'Chile', 'America/Santiago'],
];

const TAXONOMIES = [
  'Automotive',
  'Banking and Finance',
  'Education',
  'Entertainment and Media',
  'Food and Beverage',
  'Government',
  'Health and Wellness',
  'Home and Garden',
  'Insurance',
  'Retail',
  'Technology',
  'Telecommunications',
  'Travel and Tourism',
  'Utilities and Energy',
];

export class ReferenceData1795304391042 implements MigrationInterface {
  name = 'ReferenceData1795304391042';

  async up(q: QueryRunner): Promise<void> {
    for (const [code, name, zone] of COUNTRIES) {
      await q.query('INSERT INTO country (country_code, country_name, time_zone) VALUES (?, ?, ?)', [code, name, zone]);
    }
    for (const desc of TAXONOMIES) await q.query('INSERT INTO taxonomy (taxonomy_desc) VALUES (?)', [desc]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM taxonomy');
    await q.query('DELETE FROM country');
  }
}
