/**
 * Texts shown to users and small limits, shared by server and web. No validation library here, so a
 * screen that only needs a message loads no schema code.
 */

// ---------------------------------------------------------------- organization administration
export const ORGANIZATION_MESSAGES = {
  requiredCategory: 'Attention! You should add at least one required category.',
  oneVideo: 'At least one video must be selected',
  organizationUpdated: 'Organization updated successfully!',
  teamCreated: 'Team created successfully!',
  teamUpdated: 'Team updated successfully!',
  teamDeleted: 'Team deleted successfully!',
  pathSaved: 'Learning path saved.',
  hiddenVideosSaved: 'Hidden videos saved.',
  userCreated: 'User created successfully! An invitation e-mail was sent to set a password.',
  userCreatedWithoutEmail: 'User created successfully! Print their sign-in sheet (printer button in the list) and hand it to them.',
  userUpdated: 'User updated successfully!',
  userDeleted: 'User deleted successfully!',
} as const;

// ---------------------------------------------------------------- sharing (member spec, sections 2, 4, 7 and 8)
export const SHARING_MESSAGES = {
  shared: 'Video shared',
  noRecipient: 'Please, enter with email or click in add new email',
  noPlan: 'To share this video you need to hire a plan. Contact your boss or sign-up.',
  expired: 'The link to this video has expired. For unlimited access to all Manufacturing Masters content, sign up here!',
  linkExpired: 'This shared link has expired.',
  linkUnknown: 'This shared link does not exist.',
  teamOnlySuperUser: 'Only a super user can share with team members or the whole organization.',
  guest: 'The guest account cannot share videos. Sign up to share.',
  sharingText: 'A colleague shared this Manufacturing Masters video with you',
} as const;

// ---------------------------------------------------------------- catalog and playback
/** Page size of sub-category videos (spec section 9), view-all lists and suggestions. */
export const PAGE_SIZE = 20;
/** Videos per home section and per sub-category slider of the category page; the rest is behind "view all". */
export const SECTION_SIZE = 20;
/**
 * Videos per category row of the home call without a category: what a row shows before its "view all" (five
 * across a desktop row, two pages of a phone's), so the all-categories answer stays a few dozen kilobytes.
 */
export const HOME_ROW_SIZE = 10;
/** The spec's 'hire a plan' message (member spec, section 8), shown when a member's organization has no plan. */
export const NEED_SUBSCRIPTION_MESSAGE = 'To watch the video you need to hire a plan, contact your boss or hire a plan.';
export const LIKED_MESSAGE = 'You liked this Video!';
export const DISLIKED_MESSAGE = 'You Disliked this Video!';

// ---------------------------------------------------------------- billing
export const ALREADY_SUBSCRIBED = 'This account already has an active plan.';
/** /success-payment opened without a checkout of the caller's organization: nothing was charged or changed. */
export const PAYMENT_SESSION_MISSING = 'There is no payment to confirm: this page was opened without a payment, so nothing was charged or changed.';
export const PAYMENT_NOT_FOUND =
  'This payment was not found for your organization, so nothing was changed. If you have just paid, your plan shows on Billing details.';
/** Membership includes the super user plus up to 4 team members (member spec, section 9). */
export const TEAM_MEMBER_FIELDS = 4;
/** Plans whose price id is this short are internal and hidden on /plans (member spec, section 2). */
export const isOfferedPlan = (plan: { price_id: string }) => plan.price_id.length > 2;

// ---------------------------------------------------------------- team dashboard
export const DASHBOARD_MESSAGES = {
  alertSent: 'Alert send successfully!',
  alertFailed: 'Alert send failed.',
  broadcastSent: 'Broadcast sent successfully!',
  alreadyAlerted: 'This member was already alerted about this category today. Try again tomorrow.',
  desktopOnly: 'Open this dashboard page on a desktop. Our Mobile version is coming soon!',
} as const;
/** Alerts list per category the members behind who started longest ago, and count them up to the cap ("1,000+"). */
export const ALERTS_PER_CATEGORY = 50;
export const ALERTS_COUNT_CAP = 1000;

// ---------------------------------------------------------------- learning path and certificates
export const CERTIFICATE_MESSAGES = {
  categoryAvailable: 'Category available to start or continue.',
  categoryLocked: 'Category not available yet. You must complete the last released "Required Category" to unlock the learning path.',
} as const;

// ---------------------------------------------------------------- version
export const APP_VERSION = '1.0.3';

// ---------------------------------------------------------------- registration's e-mail confirmation (docs/decisions.md)
export const CONFIRMATION_MESSAGES = {
  confirmFirst: 'Please confirm your e-mail address first: open the link we sent you when you registered.',
  sent: 'We sent you a new confirmation link.',
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
  throttled: 'We already sent you several confirmation links. Please check your mailbox or try again in an hour.',
  confirmed: 'Thank you: your e-mail address is confirmed. You can now invite your team.',
  linkInvalid: 'This confirmation link has expired or was already used.',
  sendAgain: 'Send the link again',
  pageTitle: 'Confirm your e-mail address',
  pageIntro: 'Press the button to confirm your e-mail address. Your organization can then invite its team.',
  button: 'Confirm my e-mail address',
  continue: 'Continue',
} as const;

// ---------------------------------------------------------------- sales: the enterprise "talk to us" form on /plans (issue 33)
/** The shape of an e-mail address both sides check (the server's check is the one that counts). */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const SALES_FORM_LIMITS = { name: 100, company: 200, email: 254, people: 1_000_000, message: 2000, messageMin: 10 } as const;
export const SALES_MESSAGES = {
  sent: 'Thank you: your message is on its way to our sales team, who will answer you by e-mail.',
  throttled: 'We received several messages from your network in the last hour. Please try again later.',
} as const;
