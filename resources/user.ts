import { z } from 'zod';
import { text } from './text.js';
import { ID_MESSAGE, id, idParam } from './id.js';
import { displaySettings } from './display-settings.js';

/** Validation shared by the registration form and POST /users; messages are the spec's, word for word. */
export const REGISTER_MESSAGES = {
  name: 'Name must be at least 5 characters long',
  phone: 'Phone number is required',
  email: 'Email is required',
  emailFormat: 'Enter a valid email address',
  password: 'Password must be at least 6 characters long',
  passwordConfirm: 'Passwords do not match',
} as const;

export const email = text({ error: REGISTER_MESSAGES.email })
  .trim()
  .toLowerCase()
  .min(1, REGISTER_MESSAGES.email)
  .max(254)
  .pipe(z.email(REGISTER_MESSAGES.emailFormat));

export const password = text({ error: REGISTER_MESSAGES.password })
  .min(6, REGISTER_MESSAGES.password)
  .max(200, 'Password must be at most 200 characters long');

const registerUserFields = z.object({
  name: text({ error: REGISTER_MESSAGES.name }).trim().min(5, REGISTER_MESSAGES.name).max(120),
  phone: text({ error: REGISTER_MESSAGES.phone }).trim().min(1, REGISTER_MESSAGES.phone).max(40),
  email,
  password,
  passwordConfirm: text().max(200).optional(),
});

/** A confirmation, when there is one, must repeat the password: the spec's rule, under the field the form shows. */
const confirmationMatches = (v: { password: string; passwordConfirm?: string }) => v.passwordConfirm === undefined || v.password === v.passwordConfirm;
const mismatch = { message: REGISTER_MESSAGES.passwordConfirm, path: ['passwordConfirm'] };

/** POST /users and /users/register/{code}: API clients may leave the confirmation out, but it may never contradict. */
export const registerUserBody = registerUserFields.refine(confirmationMatches, mismatch);
export type RegisterUserBody = z.infer<typeof registerUserBody>;

/** The sign-up form always holds a confirmation. */
export const registerUserForm = registerUserFields.extend({ passwordConfirm: text() }).refine(confirmationMatches, mismatch);
export type RegisterUserForm = z.infer<typeof registerUserForm>;

export const loginBody = z.object({
  email: text().trim().toLowerCase().min(1, REGISTER_MESSAGES.email).max(254),
  password: text().min(1, 'Password is required').max(200),
  remember: z.boolean().default(true),
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotPasswordBody = z.object({ email });

/** How the server handles mail (GET /health's `mail`): sent over SMTP, or only kept for an administrator. */
export type MailDelivery = 'smtp' | 'outbox';

/** The answer to a reset request: it promises an e-mail only when the server sends mail. */
export const RESET_REQUESTED_MESSAGES: Record<MailDelivery, string> = {
  smtp: 'If an account exists for that e-mail, a reset link is on its way.',
  outbox:
    'If an account exists for that e-mail, a reset link has been made. This server does not send e-mail: ask your administrator to pass the link on to you.',
};
export const resetPasswordBody = z.object({ token: text().min(10).max(200), password });

export const CURRENT_PASSWORD_MESSAGES = {
  required: 'Current password is required',
  wrong: 'Current password is incorrect',
  /** PATCH /users/me with a new e-mail and no currentPassword. */
  forEmail: 'Enter your current password to change your e-mail',
} as const;

export const changePasswordBody = z.object({
  currentPassword: text().min(1, CURRENT_PASSWORD_MESSAGES.required).max(200),
  password,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The change-password form: the body plus a confirmation that must match. */
export const changePasswordForm = changePasswordBody
  .extend({ passwordConfirm: text() })
  .refine(confirmationMatches, mismatch);
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** Optional text: trimmed, and an emptied field is stored as null. */
const optionalText = (max = 200) =>
  text()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => v || null);

/** A pattern-checked optional field; empty means none. */
const optionalMatching = (pattern: RegExp, message: string) =>
  text()
    .trim()
    .nullable()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || pattern.test(v), message);

export const PROFILE_MESSAGES = {
  zip: 'Zip must be exactly 5 digits',
  birthday: 'Birthday must be a date (YYYY-MM-DD)',
  birthdayFuture: 'Birthday cannot be in the future',
  ssn: 'SSN must look like 999-99-9999',
} as const;

const isDate = (v: string) => z.iso.date().safeParse(v).success;

const birthday = text()
  .trim()
  .nullable()
  .optional()
  .transform((v) => v || null)
  .refine((v) => v === null || isDate(v), PROFILE_MESSAGES.birthday)
  .refine((v) => v === null || !isDate(v) || v <= new Date().toISOString().slice(0, 10), PROFILE_MESSAGES.birthdayFuture);

/** The fields of the profile form (spec 01 §3 User). */
export const profileFields = z.object({
  name: text({ error: REGISTER_MESSAGES.name }).trim().min(5, REGISTER_MESSAGES.name).max(120),
  email,
  phone: text({ error: REGISTER_MESSAGES.phone }).trim().min(1, REGISTER_MESSAGES.phone).max(40),
  birthday,
  address: optionalText(),
  country: optionalText(2),
  state: optionalText(60),
  city: optionalText(100),
  zip: optionalMatching(/^\d{5}$/, PROFILE_MESSAGES.zip),
  ssn: optionalMatching(/^\d{3}-\d{2}-\d{4}$/, PROFILE_MESSAGES.ssn),
  driversLicense: optionalText(40),
  cdl: optionalText(40),
  emergencyContactName: optionalText(120),
  emergencyContactPhone: optionalText(40),
});
export type ProfileForm = z.input<typeof profileFields>;

/**
 * PATCH /users/me: the profile fields and the display settings; absent fields stay as they are. A new
 * e-mail needs the current password and takes effect only once the link mailed to it is opened.
 */
export const updateProfileBody = profileFields
  .extend({ settings: displaySettings, currentPassword: text().max(200) })
  .partial()
  .strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** The e-mail change link's lifetime, and what the profile says once it is sent. */
export const EMAIL_CHANGE = {
  lifetimeHours: 24,
  sent: (email: string) => `A confirmation link was sent to ${email}. Your e-mail changes when you open it.`,
  invalid: 'This confirmation link is invalid or has expired.',
} as const;

/** POST /users/confirm-email: the token from the link mailed to the new address. */
export const confirmEmailBody = z.object({ token: text().min(10).max(200) });

/** GET /users/me/sensitive and GET /memberships/{id}/sensitive: the whole values, for who may read them. */
export interface SensitiveValues {
  ssn: string | null;
  driversLicense: string | null;
}

export const shortcutsBody = z.object({ shortcuts: z.array(text().min(1).max(60)).max(50) });

/** PATCH /users/me/company/{companyId}. */
export const defaultCompanyParams = z.object({
  companyId: idParam('Must be a company id'),
});

/** POST /users/register/{code}: the code from a member invitation link. */
export const invitationCodeParams = z.object({ code: text().min(1).max(200) });

/** Saved grid views: `type` names the grid, `filters` holds its filters, sort and visible columns. */
export const viewState = z.record(text(), z.unknown());
/** POST /users/me/views: the spec sends type and filters; a name left out becomes "View N" (the first free N for that grid). */
/** A saved view's id, sent as a number or as its digits: the body was coerced before, so both stay accepted. */
const viewId = z.union([id(), idParam()], { error: ID_MESSAGE });
export const createViewBody = z.object({
  type: text().trim().min(1).max(60),
  name: text().trim().min(1, 'View name is required').max(80).optional(),
  filters: viewState,
});
export const updateViewBody = z.object({
  view: viewId,
  form: z.object({ name: text().trim().min(1).max(80).optional(), filters: viewState.optional() }),
});
export const deleteViewBody = z.object({ view: viewId });
export type CreateViewBody = z.infer<typeof createViewBody>;
export type UpdateViewBody = z.infer<typeof updateViewBody>;
