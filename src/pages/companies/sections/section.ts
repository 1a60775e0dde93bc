import type { Company } from '../CompanyDetails';

/** What every section of a company page receives. */
export interface SectionProps {
  company: Company;
  /** Whether the caller's role in this company holds companies:manage. */
  canManage: boolean;
  /** After a change: refresh the company and the session (names and logos show in the shell). */
  onSaved: (company?: Company) => Promise<void>;
}
