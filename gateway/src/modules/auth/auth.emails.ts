import type { AppContext } from '../../shared/app-context';
import type { MailMessage } from '../../shared/mailer';

/** The links the emails carry; the client's routes /reset-password and /accept-invitation read them. */
export const resetLink = (app: AppContext, token: string) =>
  `${app.config.PUBLIC_URL.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
export const invitationLink = (app: AppContext, token: string) =>
  `${app.config.PUBLIC_URL.replace(/\/$/, '')}/accept-invitation/${encodeURIComponent(token)}`;

export function passwordResetEmail(app: AppContext, to: { email: string; name: string }, token: string): MailMessage {
  return {
    to: to.email,
    subject: 'Reset your Infinitum password',
    text: [
      `Hello ${to.name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Infinitum account.',
      'Open this link within one hour to choose a new password:',
      '',
      resetLink(app, token),
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

export function setPasswordEmail(app: AppContext, to: { email: string; name: string }, token: string): MailMessage {
  return {
    to: to.email,
    subject: 'Set your Infinitum password',
    text: [
      `Hello ${to.name},`,
      '',
      'Your invitation to Infinitum is accepted. Open this link within one hour to set your password:',
      '',
      resetLink(app, token),
    ].join('\n'),
  };
}

export function invitationEmail(app: AppContext, to: { email: string; name: string }, token: string): MailMessage {
  return {
    to: to.email,
    subject: 'You are invited to Infinitum',
    text: [
      `Hello ${to.name},`,
      '',
      'You have been invited to Infinitum, the platform for measuring connected advertising.',
      'Open this link within seven days to accept the invitation:',
      '',
      invitationLink(app, token),
    ].join('\n'),
  };
}

/** Sends without failing the caller: the action already happened; a lost email is logged, not a 500. */
export async function sendQuietly(app: AppContext, message: MailMessage): Promise<void> {
  try {
    await app.mailer.send(message);
  } catch (err) {
    app.log.error({ err, subject: message.subject }, 'could not send email');
  }
}
