import type { AppContext } from '../../shared/app-context';
import { issueInvitation } from '../auth/auth.service';

/** The one place the users service reaches into auth: emails the invitation of a new, inactive user. */
export function inviteUser(app: AppContext, userId: number): Promise<void> {
  return issueInvitation(app, userId);
}
