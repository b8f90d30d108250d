// The suites catch mail with the same catcher `npm run demo` uses.
export {
  startMailCatcher as startSmtpSink,
  type MailCatcher as SmtpSink,
  type ReceivedMail,
} from '../../gateway/src/dev/mail-catcher';
