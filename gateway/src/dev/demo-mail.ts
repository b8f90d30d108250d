import { startMailCatcher, type MailCatcher, type ReceivedMail } from './mail-catcher';
import { linksOf, startMailbox } from './mailbox';

export interface DemoMail {
  /** What the gateway gets as SMTP_URL. */
  smtpUrl: string;
  /** The page that lists the caught mails. */
  mailboxUrl: string;
  catcher: MailCatcher;
  close(): Promise<void>;
}

/** One console line per caught mail, with its links, so a reset works from the terminal too. */
export const mailLine = (m: ReceivedMail): string =>
  [`[mail] to ${m.to.join(', ')}: ${m.subject}`, ...linksOf(m).map((l) => `       ${l}`)].join('\n');

/**
 * `npm run demo` without SMTP_URL: a mail catcher on a free local port plus its mailbox page
 * (on `mailboxPort` when free, else any free port). Every mail is also printed through `log`.
 */
export async function startDemoMail(
  options: { mailboxPort?: number; log?: (line: string) => void } = {},
): Promise<DemoMail> {
  const log = options.log ?? ((line: string) => console.log(line));
  const catcher = await startMailCatcher({ onMail: (m) => log(mailLine(m)) });
  const mailbox = await startMailbox(catcher, options.mailboxPort ?? 0).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'EADDRINUSE') throw e;
    return startMailbox(catcher, 0);
  });
  return {
    smtpUrl: catcher.url,
    mailboxUrl: mailbox.url,
    catcher,
    async close() {
      await mailbox.close();
      await catcher.close();
    },
  };
}
