import { forbidden } from '../../shared/errors';
import { type Actor, can } from '@infinitum/rules';

/** Broadcasters, adtechs, groups, channels, direct users and relationships are written by the super admin only. */
export function assertSystemAdmin(actor: Actor): void {
  if (!can.manageSystem(actor)) throw forbidden();
}
