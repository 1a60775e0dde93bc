import { Avatar, Box, Chip, Stack, Typography } from '@mui/material';
import type { InvoiceSettings } from '../../../resources/company-invoice';
import { countries } from '../../reference/countries';

export interface Company {
  id: number;
  ein: string | null;
  name: string;
  address: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  zip: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  parentId: number | null;
  logoUrl: string | null;
  plan: string;
  invoiceSettings: InvoiceSettings;
  /** IANA zone: the company's new projects start in it; its company-level dates show in it. */
  timezone: string;
  role?: string | null;
  createdAt: string;
}

const countryName = (code: string | null) => countries().find((c) => c.id === code)?.name ?? code ?? '';

/** The company's address and contact as a definition list. */
export function CompanyFacts({ company }: { company: Company }) {
  const rows: Array<[string, string | null]> = [
    ['Address', [company.address, company.city, [company.state, company.zip].filter(Boolean).join(' '), countryName(company.country)].filter(Boolean).join(', ')],
    ['EIN', company.ein],
    ['Contact', company.contactName],
    ['Phone', company.contactPhone],
    ['Email', company.contactEmail],
    ['Time zone', company.timezone],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '120px 1fr' }, gap: 1, m: 0 }}>
      {rows
        .filter(([, v]) => v)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

export function CompanyDetails({ company }: { company: Company }) {
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} alignItems="center">
        <Avatar src={company.logoUrl ?? undefined} variant="rounded" sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>
          {company.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box>
          <Typography variant="h5" component="h1">
            {company.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
            {company.role && <Chip size="small" label={company.role} />}
            <Chip size="small" variant="outlined" label={company.plan === 'free' ? 'Free plan' : 'Paid plan'} />
          </Stack>
        </Box>
      </Stack>
      <CompanyFacts company={company} />
    </Stack>
  );
}
