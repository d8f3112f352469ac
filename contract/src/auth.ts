import { z } from 'zod';
import type { WireInput } from './route.ts';

/** Form bodies arrive as strings; "", "0", "false" are false, "1", "true" are true. */
export const flag = z.preprocess(
  (v) => {
    if (v === '' || v === undefined || v === null) return undefined;
    if (v === true || v === 1 || v === '1' || v === 'true') return 1;
    if (v === false || v === 0 || v === '0' || v === 'false') return 0;
    return v;
  },
  z.union([z.literal(0), z.literal(1)]),
);

const text = (max: number) => z.string().trim().max(max);
export const email = z.string().trim().toLowerCase().max(254).email('Please enter a valid e-mail address');

export const PASSWORD_MIN_LENGTH = 12;

export const loginRequest = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(1024),
  timezone: text(64).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** An employee number as typed: trimmed and upper-cased, letters, digits, dots, dashes and underscores. */
export const employeeNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9._-]{0,39}$/, 'An employee number is 1 to 40 letters, digits, dots, dashes or underscores');
/** An organization's sign-in code as typed (spaces and dashes ignored, case too). */
export const organizationCode = z
  .string()
  .max(40)
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{4,12}$/, 'Please enter your organization code'));

/** POST /api/login/employee-number: a member without e-mail signs in on a phone (issue 39). */
export const employeeLoginRequest = z.object({
  organization_code: organizationCode,
  employee_number: employeeNumber,
  password: z.string().max(1024),
  timezone: text(64).optional(),
});
export type EmployeeLoginRequest = z.infer<typeof employeeLoginRequest>;

/** POST /api/account-setup: the printed sheet's one-time setup code sets the member's first password and signs them in. */
export const accountSetupRequest = z.object({
  organization_code: organizationCode,
  employee_number: employeeNumber,
  setup_code: z
    .string()
    .max(40)
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().min(1, 'Please enter the setup code from your sheet')),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
  timezone: text(64).optional(),
});
export type AccountSetupRequest = z.infer<typeof accountSetupRequest>;

/** The session the browser keeps after sign-in (member spec, section 3). */
export const sessionData = z.object({
  token: z.string(),
  user_id: z.number(),
  organization_id: z.number().nullable(),
  organization_name: z.string().nullable(),
  team_id: z.number().nullable(),
  team: z.string().nullable(),
  role: z.string().nullable(),
  user_type: z.number(),
  push_status: z.number(),
  name: z.string(),
  is_super_user: z.number(),
  is_guest: z.number(),
  sub_profile_id: z.number(),
  picture: z.string().nullable(),
  logged_in_account: z.number(),
  first_login: z.number(),
  last_login: z.string().nullable(),
  is_change_password: z.number(),
});
export type SessionData = z.infer<typeof sessionData>;

export const registerRequest = z.object({
  name: text(100).default(''),
  last_name: text(100).default(''),
  email: text(254).toLowerCase().default(''),
  company: text(150).default(''),
  password: z.string().max(1024).default(''),
  is_super_user: flag.optional(),
  timezone: text(64).optional(),
  terms: flag.optional(),
});
export type RegisterRequest = WireInput<typeof registerRequest>;

export const registerData = z.object({
  user_id: z.number(),
  token: z.string(),
  user_type: z.number(),
  push_status: z.number(),
  name: z.string(),
  sub_profile_id: z.number(),
  picture: z.string().nullable(),
});
export type RegisterData = z.infer<typeof registerData>;

export const REGISTRATION_MESSAGES = {
  allEmpty: 'All fields are required',
  name: 'First Name field is required',
  last_name: 'Last Name field is required',
  company: 'Company field is required',
  email: 'Email field is required',
  password: 'Password field is required',
  terms: 'Must agree with Terms to proceed',
} as const;

type RegistrationFields = { name: string; last_name: string; company: string; email: string; password: string };

/**
 * The registration checks of the member spec (section 5), in their order.
 * Shared by the form and the server so both answer the same first message.
 * `terms` is only checked where the form has the box (the API has no such field).
 */
export function firstRegistrationError(f: RegistrationFields, termsAccepted?: boolean): string | null {
  const blank = (s: string) => s.trim() === '';
  if (blank(f.name) && blank(f.last_name) && blank(f.company) && blank(f.email) && blank(f.password)) {
    return REGISTRATION_MESSAGES.allEmpty;
  }
  if (blank(f.name)) return REGISTRATION_MESSAGES.name;
  if (blank(f.last_name)) return REGISTRATION_MESSAGES.last_name;
  if (blank(f.company)) return REGISTRATION_MESSAGES.company;
  if (blank(f.email)) return REGISTRATION_MESSAGES.email;
  if (blank(f.password)) return REGISTRATION_MESSAGES.password;
  if (termsAccepted === false) return REGISTRATION_MESSAGES.terms;
  return null;
}

export const forgotPasswordRequest = z.object({ email: text(254).toLowerCase().min(1, 'Email field is required') });

export const resetPasswordRequest = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const changePasswordRequest = z.object({
  old_password: z.string().max(1024),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** The token of the registration's confirmation link (the page /confirm-email?token=...). */
export const confirmEmailRequest = z.object({ token: z.string().trim().min(1).max(200) });
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequest>;
/** The button's outcome: a second press, or another tab's, is already_confirmed (not an error). */
export const confirmEmailData = z.object({ state: z.enum(['confirmed', 'already_confirmed']) });
export const confirmEmailStateData = z.object({ state: z.enum(['pending', 'confirmed', 'invalid']) });
export type ConfirmEmailState = z.infer<typeof confirmEmailStateData>['state'];
