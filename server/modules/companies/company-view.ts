import type { Selectable, Updateable } from 'kysely';
import type { UpdateCompanyInput } from '../../../resources/company.js';
import type { CompaniesTable } from '../../db/schema.js';
import { parseJson } from '../../lib/json.js';
import { invoiceSettingsView } from './invoice-settings.js';

export const COMPANY_COLUMNS = [
  'c.id',
  'c.ein',
  'c.name',
  'c.address',
  'c.country',
  'c.state',
  'c.city',
  'c.zip',
  'c.contact_name',
  'c.contact_phone',
  'c.contact_email',
  'c.parent_id',
  'c.logo_url',
  'c.plan',
  'c.settings',
  'c.invoice_settings',
  'c.timezone',
  'c.created_at',
  'c.updated_at',
] as const;

type Column<T> = T extends `c.${infer Name}` ? Name : never;
export type CompanyRow = Pick<Selectable<CompaniesTable>, Column<(typeof COMPANY_COLUMNS)[number]>>;

/** The form fields and the columns that hold them. */
const COLUMN_OF = {
  ein: 'ein',
  name: 'name',
  address: 'address',
  country: 'country',
  state: 'state',
  city: 'city',
  zip: 'zip',
  contactName: 'contact_name',
  contactPhone: 'contact_phone',
  contactEmail: 'contact_email',
  logoUrl: 'logo_url',
  timezone: 'timezone',
} as const satisfies Record<keyof UpdateCompanyInput, keyof CompaniesTable>;

/** The columns to write for the form fields present in the input; absent fields are left alone. */
export function companyColumns(input: UpdateCompanyInput): Updateable<CompaniesTable> {
  const set: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN_OF)) {
    const value = input[field as keyof UpdateCompanyInput];
    if (value !== undefined) set[column] = value;
  }
  return set as Updateable<CompaniesTable>;
}

/** The company object every companies call answers with; `role` is the caller's role there. */
export function companyView(row: CompanyRow, role: string) {
  return {
    id: row.id,
    ein: row.ein,
    name: row.name,
    address: row.address,
    country: row.country,
    state: row.state,
    city: row.city,
    zip: row.zip,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    contactEmail: row.contact_email,
    parentId: row.parent_id,
    logoUrl: row.logo_url,
    plan: row.plan,
    settings: parseJson<Record<string, unknown>>(row.settings, {}),
    invoiceSettings: invoiceSettingsView(row.invoice_settings),
    timezone: row.timezone,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    role,
  };
}

export type CompanyView = ReturnType<typeof companyView>;

/** What the audit trail compares: the fields a person edits on the company form. */
export function auditedFields(view: CompanyView) {
  const { id: _id, plan: _plan, settings: _settings, invoiceSettings: _invoice, createdAt: _c, updatedAt: _u, role: _role, ...fields } = view;
  return fields;
}
