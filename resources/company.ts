import { z } from 'zod';
import { text } from './text.js';
import { id } from './id.js';
import { isTimeZone, TIME_ZONE_MESSAGE } from './time-zone.js';

/** Company registration form rules (spec 01 §5): the button is enabled once these are non-empty. */
export const COMPANY_REQUIRED_FIELDS = ['name', 'country', 'state', 'city', 'contactName'] as const;

export const COMPANY_MESSAGES = {
  name: 'Company name is required',
  address: 'Address must be longer than 3 characters',
  zip: 'Zip must be exactly 5 characters',
  phone: 'Phone must be longer than 9 characters',
  contactEmail: 'Contact email is required',
  ein: 'EIN must look like 99-9999999',
} as const;

const required = (message: string, max = 200) => text({ error: message }).trim().min(1, message).max(max);

export const companyFields = z.object({
  ein: text()
    .trim()
    .regex(/^(\d{2}-\d{7})?$/, COMPANY_MESSAGES.ein)
    .nullable()
    .optional()
    .transform((v) => v || null),
  name: required(COMPANY_MESSAGES.name, 160),
  address: text({ error: COMPANY_MESSAGES.address }).trim().min(4, COMPANY_MESSAGES.address).max(200),
  country: required('Country is required', 2),
  state: required('State is required', 60),
  city: required('City is required', 100),
  zip: text({ error: COMPANY_MESSAGES.zip }).trim().length(5, COMPANY_MESSAGES.zip),
  contactName: required('Contact name is required', 120),
  contactPhone: text({ error: COMPANY_MESSAGES.phone })
    .trim()
    .min(10, COMPANY_MESSAGES.phone)
    .max(40)
    .refine((v) => !v.includes('_'), COMPANY_MESSAGES.phone),
  contactEmail: text({ error: COMPANY_MESSAGES.contactEmail })
    .trim()
    .toLowerCase()
    .min(1, COMPANY_MESSAGES.contactEmail)
    .pipe(z.email('Enter a valid email address')),
  /** IANA zone the company's dates are shown in, and its new projects start in; the server keeps UTC when left out. */
  timezone: text({ error: TIME_ZONE_MESSAGE }).trim().refine(isTimeZone, TIME_ZONE_MESSAGE).optional(),
});

export const createCompanyBody = companyFields.extend({ parentId: id().nullable().optional() });
export type CreateCompanyBody = z.input<typeof createCompanyBody>;
export type CreateCompanyInput = z.output<typeof createCompanyBody>;

export const updateCompanyBody = companyFields
  .extend({ logoUrl: text().trim().max(500).nullable() })
  .partial()
  .strict();
export type UpdateCompanyInput = z.output<typeof updateCompanyBody>;
