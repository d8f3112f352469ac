/** The mail module's public face: what other modules may use of it (they import nothing else of it). */
export { enqueueMails, type OutboxStatus } from './outbox.queries.ts';
export {
  confirmEmailMail,
  evidenceHeadMail,
  expertContactMail,
  invitationMail,
  type Mail,
  passwordResetMail,
  progressAlertMail,
  salesInquiryMail,
  shareVideoMail,
  signoffRequestMail,
  trainingDigestMail,
} from './templates.ts';
