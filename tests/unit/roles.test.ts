import { type Actor, can, type EntityType, parseRole, roleOf } from '@infinitum/rules';

const actor = (entityType: EntityType, admin: boolean, entityId = 7): Actor => ({
  userId: 1,
  name: 'n',
  email: 'e@x.nz',
  role: roleOf({ entityType, admin }),
  entityType,
  entityId,
  admin,
});

describe('roles (spec 6)', () => {
  test('role names round-trip', () => {
    expect(roleOf({ entityType: 'SYSTEM', admin: true })).toBe('ROLE_ADMIN');
    expect(roleOf({ entityType: 'BROADCASTER', admin: false })).toBe('ROLE_BROADCASTER_USER');
    expect(parseRole('ROLE_ADTECH_ADMIN')).toEqual({ entityType: 'ADTECH', admin: true });
    expect(parseRole('ROLE_SOMETHING_ELSE')).toBeNull();
  });

  test('capability table', () => {
    const superAdmin = actor('SYSTEM', true, 0);
    expect(can.manageSystem(superAdmin)).toBe(true);
    expect(can.manageSystem(actor('BROADCASTER', true))).toBe(false);
    expect(can.manageUsers(actor('AGENCY', true))).toBe(true);
    expect(can.manageUsers(actor('AGENCY', false))).toBe(false);
    expect(can.manageAgencies(actor('CUSTOMER', false))).toBe(true);
    expect(can.manageAgencies(actor('AGENCY', true))).toBe(false);
    expect(can.manageClients(actor('AGENCY', false))).toBe(true);
    expect(can.manageClients(actor('CUSTOMER', true))).toBe(false);
    expect(can.seeAdminFields(actor('BROADCASTER', true))).toBe(false);
  });

  test('edit or delete an entity: super admin, or an admin of that very entity', () => {
    expect(can.editEntity(actor('AGENCY', true, 7), 'AGENCY', 7)).toBe(true);
    expect(can.editEntity(actor('AGENCY', false, 7), 'AGENCY', 7)).toBe(false);
    expect(can.editEntity(actor('AGENCY', true, 7), 'AGENCY', 8)).toBe(false);
    expect(can.editEntity(actor('BROADCASTER', true, 7), 'AGENCY', 7)).toBe(false);
    expect(can.editEntity(actor('SYSTEM', true, 0), 'CUSTOMER', 99)).toBe(true);
  });
});
