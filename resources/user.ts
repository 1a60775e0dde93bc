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

export const registerUserBody = z.object({
  name: text({ error: REGISTER_MESSAGES.name }).trim().min(5, REGISTER_MESSAGES.name).max(120),
  phone: text({ error: REGISTER_MESSAGES.phone }).trim().min(1, REGISTER_MESSAGES.phone).max(40),
  email,
  password,
  // Accepted so the form can post what it holds; the form schema below checks it.
  passwordConfirm: text().optional(),
});
export type RegisterUserBody = z.infer<typeof registerUserBody>;

export const registerUserForm = registerUserBody
  .extend({ passwordConfirm: text() })
  .refine((v) => v.password === v.passwordConfirm, { message: REGISTER_MESSAGES.passwordConfirm, path: ['passwordConfirm'] });
export type RegisterUserForm = z.infer<typeof registerUserForm>;

export const loginBody = z.object({
  email: text().trim().toLowerCase().min(1, REGISTER_MESSAGES.email).max(254),
  password: text().min(1, 'Password is required').max(200),
  remember: z.boolean().default(true),
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotPasswordBody = z.object({ email });
export const resetPasswordBody = z.object({ token: text().min(10).max(200), password });

export const changePasswordBody = z.object({
  currentPassword: text().min(1, 'Current password is required').max(200),
  password,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The change-password form: the body plus a confirmation that must match. */
export const changePasswordForm = changePasswordBody
  .extend({ passwordConfirm: text() })
  .refine((v) => v.password === v.passwordConfirm, { message: REGISTER_MESSAGES.passwordConfirm, path: ['passwordConfirm'] });
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

/** PATCH /users/me: the profile fields and the display settings; absent fields stay as they are. */
export const updateProfileBody = profileFields.extend({ settings: displaySettings }).partial().strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const shortcutsBody = z.object({ shortcuts: z.array(text().min(1).max(60)).max(50) });

/** PATCH /users/me/company/{companyId}. */
export const defaultCompanyParams = z.object({
  companyId: idParam('Must be a company id'),
});

/** POST /users/register/{code}: the code from a member invitation link. */
export const invitationCodeParams = z.object({ code: text().min(1).max(200) });

/** Saved grid views: `type` names the grid, `filters` holds its filters, sort and visible columns. */
export const viewState = z.record(text(), z.unknown());
/** A saved view's id, sent as a number or as its digits: the body was coerced before, so both stay accepted. */
const viewId = z.union([id(), idParam()], { error: ID_MESSAGE });
export const createViewBody = z.object({
  type: text().trim().min(1).max(60),
  name: text().trim().min(1, 'View name is required').max(80),
  filters: viewState,
});
export const updateViewBody = z.object({
  view: viewId,
  form: z.object({ name: text().trim().min(1).max(80).optional(), filters: viewState.optional() }),
});
export const deleteViewBody = z.object({ view: viewId });
export type CreateViewBody = z.infer<typeof createViewBody>;
export type UpdateViewBody = z.infer<typeof updateViewBody>;
