import { DEMO_PASSWORD, DEMO_USERS, roleOfDemoUser } from './demo-data';

export interface LoginRow {
  role: string;
  email: string;
  password: string;
}

/** The super admin (made by db:migrate from ADMIN_EMAIL / ADMIN_PASSWORD) and one demo user per role. */
export function demoLogins(adminEmail: string, adminPassword: string | undefined): LoginRow[] {
  return [
    { role: 'ROLE_ADMIN', email: adminEmail, password: adminPassword ?? '(the ADMIN_PASSWORD you set)' },
    ...DEMO_USERS.map((u) => ({ role: roleOfDemoUser(u), email: u.email, password: DEMO_PASSWORD })),
  ];
}

export function formatLoginTable(rows: LoginRow[]): string {
  const header: LoginRow = { role: 'Role', email: 'Email', password: 'Password' };
  const width = (k: keyof LoginRow) => Math.max(...[header, ...rows].map((r) => r[k].length));
  const line = (r: LoginRow) => `  ${r.role.padEnd(width('role'))}  ${r.email.padEnd(width('email'))}  ${r.password}`;
  const rule = `  ${'-'.repeat(width('role'))}  ${'-'.repeat(width('email'))}  ${'-'.repeat(width('password'))}`;
  return ['Demo logins:', line(header), rule, ...rows.map(line)].join('\n');
}
