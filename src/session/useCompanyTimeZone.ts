import { useSession } from './useSession';

/** The active company's time zone: where its company-level dates show and its new projects start. */
export function useCompanyTimeZone(): string {
  return useSession().activeMembership?.company.timezone ?? 'UTC';
}
