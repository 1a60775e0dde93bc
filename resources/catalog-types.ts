import { z } from 'zod';
import { text } from './text.js';
import { defineResource, type ResourceField } from './engine.js';

/**
 * Task types, damage types and footprint types share one shape (spec 01 §3: id, name, description),
 * each with its own permissions and messages.
 */
export const typeBody = z.object({
  name: text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120),
  description: text().trim().max(2000).nullable().optional().transform((v) => v || null),
});

const fields: ResourceField[] = [
  { name: 'name', label: 'Name', kind: 'text', capitalize: true, grid: { flex: 1 }, sortable: true },
  { name: 'description', label: 'Description', kind: 'multiline', grid: { flex: 2 }, sortable: true, nullable: true },
  { name: 'createdAt', label: 'Created', kind: 'datetime', form: false, grid: { width: 180, hidden: true }, sortable: true },
];

const catalogType = (o: { name: string; entityType: string; navId: string; label: string; singular: string; permission: string; messages: { created: string; saved: string; deleted: string } }) =>
  defineResource({
    name: o.name,
    entityType: o.entityType,
    navId: o.navId,
    label: o.label,
    singular: o.singular,
    titleField: 'name',
    fields,
    create: typeBody,
    update: typeBody.partial(),
    paths: { list: `/companies/:companyId/${o.name}`, create: `/companies/:companyId/${o.name}`, item: `/${o.name}/:id` },
    permissions: { view: `${o.permission}:view`, manage: `${o.permission}:manage` },
    messages: o.messages,
    defaultSort: { field: 'name', order: 'asc' },
  });

export const taskTypes = catalogType({
  name: 'task-types',
  entityType: 'task_type',
  navId: 'task-types',
  label: 'Task Types',
  singular: 'Task Type',
  permission: 'task-types',
  messages: { created: 'Task Type Added', saved: 'Task Type Saved', deleted: 'Task Type Deleted' },
});

export const damageTypes = catalogType({
  name: 'damage-types',
  entityType: 'damage_type',
  navId: 'damage-types',
  label: 'Damage Types',
  singular: 'Damage Type',
  permission: 'damage-types',
  messages: { created: 'Damage Type Added', saved: 'Damage Type Saved', deleted: 'Damage Type Deleted' },
});

// The spec names no messages for footprint types; they follow the task and damage types' wording.
export const footprintTypes = catalogType({
  name: 'footprint-types',
  entityType: 'footprint_type',
  navId: 'footprint-types',
  label: 'Footprint Types',
  singular: 'Footprint Type',
  permission: 'footprint-types',
  messages: { created: 'Footprint Type Added', saved: 'Footprint Type Saved', deleted: 'Footprint Type Deleted' },
});
