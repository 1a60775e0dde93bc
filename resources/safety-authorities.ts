import { z } from 'zod';
import { text } from './text.js';
import { defineResource, type ResourceField } from './engine.js';

const PHONE = 'Phone must be longer than 9 characters';

/** A body to call before digging or working near utilities: name, description and how to reach it. */
export const safetyAuthorityBody = z.object({
  name: text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(160),
  description: text().trim().max(2000).nullable().optional().transform((v) => v || null),
  // Same rule as every phone of spec 01 §5, when one is given.
  phone: text()
    .trim()
    .max(40)
    .refine((v) => v === '' || (v.length > 9 && !v.includes('_')), PHONE)
    .nullable()
    .optional()
    .transform((v) => v || null),
  email: text()
    .trim()
    .toLowerCase()
    .max(200)
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address')
    .nullable()
    .optional()
    .transform((v) => v || null),
});

const fields: ResourceField[] = [
  { name: 'name', label: 'Name', kind: 'text', capitalize: true, grid: { flex: 1 }, sortable: true },
  { name: 'phone', label: 'Phone', kind: 'phone', grid: { width: 170 }, sortable: true, nullable: true },
  { name: 'email', label: 'Email', kind: 'email', grid: { flex: 1 }, sortable: true, nullable: true },
  { name: 'description', label: 'Description', kind: 'multiline', grid: { flex: 2, hidden: true }, sortable: true, nullable: true },
  { name: 'createdAt', label: 'Created', kind: 'datetime', form: false, grid: { width: 180, hidden: true }, sortable: true },
];

// The spec names no messages for safety authorities; they follow the task and damage types' wording.
export const safetyAuthorities = defineResource({
  name: 'safety-authorities',
  entityType: 'safety_authority',
  navId: 'safety-authorities',
  label: 'Safety Authorities',
  singular: 'Safety Authority',
  titleField: 'name',
  fields,
  create: safetyAuthorityBody,
  update: safetyAuthorityBody.partial(),
  paths: { list: '/companies/:companyId/safety-authorities', create: '/companies/:companyId/safety-authorities', item: '/safety-authorities/:id' },
  permissions: { view: 'safety-authorities:view', manage: 'safety-authorities:manage' },
  messages: { created: 'Safety Authority Added', saved: 'Safety Authority Saved', deleted: 'Safety Authority Deleted' },
  defaultSort: { field: 'name', order: 'asc' },
});
