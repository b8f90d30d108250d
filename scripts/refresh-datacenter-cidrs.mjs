#!/usr/bin/env node
// Refreshes the data-centre CIDR list of the invalid traffic rules (docs/invalid-traffic.md, rule 5) from the
// cloud providers' published ranges. Needs internet; run it on a schedule (e.g. weekly) where the machine has it:
//   node scripts/refresh-datacenter-cidrs.mjs [path]      (default: $DATACENTER_CIDRS_FILE)
// A source that fails is reported and skipped; when every source fails the old file is kept (exit 1). The file is
// replaced atomically (written beside it, then renamed); collectors read it when they start.
import { renameSync, writeFileSync } from 'node:fs';
import ipaddr from 'ipaddr.js';

const SOURCES = [
  {
    name: 'AWS',
    url: 'https://ip-ranges.amazonaws.com/ip-ranges.json',
    parse: (j) => [...j.prefixes.map((p) => p.ip_prefix), ...j.ipv6_prefixes.map((p) => p.ipv6_prefix)],
  },
  {
    name: 'Google Cloud',
    url: 'https://www.gstatic.com/ipranges/cloud.json',
    parse: (j) => j.prefixes.map((p) => p.ipv4Prefix ?? p.ipv6Prefix),
  },
  {
    name: 'Oracle Cloud',
    url: 'https://docs.oracle.com/en-us/iaas/tools/public_ip_ranges.json',
    parse: (j) => j.regions.flatMap((r) => r.cidrs.map((c) => c.cidr)),
  },
  {
    name: 'DigitalOcean',
    url: 'https://digitalocean.com/geo/google.csv',
    text: true,
    parse: (t) => t.split('\n').map((l) => l.split(',')[0].trim()),
  },
];

const path = process.argv[2] ?? process.env.DATACENTER_CIDRS_FILE;
if (!path) {
  console.error('usage: node scripts/refresh-datacenter-cidrs.mjs <path> (or set DATACENTER_CIDRS_FILE)');
  process.exit(2);
}

const valid = (c) => {
  try {
    ipaddr.parseCIDR(c);
    return true;
  } catch {
    return false;
  }
};

const out = [`# Data-centre ranges, refreshed ${new Date().toISOString()} by scripts/refresh-datacenter-cidrs.mjs`];
let ok = 0;
for (const s of SOURCES) {
  try {
    const res = await fetch(s.url, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const ranges = [...new Set(s.parse(s.text ? await res.text() : await res.json()).filter(Boolean))].filter(valid);
    if (!ranges.length) throw new Error('no ranges in the answer');
    out.push(`# ${s.name}: ${ranges.length} ranges from ${s.url}`, ...ranges);
    console.log(`${s.name}: ${ranges.length} ranges`);
    ok++;
  } catch (e) {
    console.error(`${s.name}: skipped (${e.message})`);
  }
}
if (!ok) {
  console.error('no source answered: the list is left as it was');
  process.exit(1);
}
writeFileSync(`${path}.tmp`, out.join('\n') + '\n');
renameSync(`${path}.tmp`, path);
console.log(`wrote ${path}`);
