/** Database constraint failures, recognised on both drivers, so races end as 409 rather than 500. */
const codeOf = (err: unknown) => (typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined);

export const isUniqueViolation = (err: unknown) => ['23505', 'SQLITE_CONSTRAINT_UNIQUE'].includes(String(codeOf(err)));

export const isForeignKeyViolation = (err: unknown) => ['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY'].includes(String(codeOf(err)));
