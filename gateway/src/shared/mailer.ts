import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on alert mails. */
  headers?: Record<string, string>;
  /** Files attached (a report's PDF). */
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Sends over SMTP_URL (e.g. smtp://127.0.0.1:1025 or smtps://user:pass@host:465). */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(m) {
      await transport.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        headers: m.headers,
        attachments: m.attachments,
      });
    },
  };
}
