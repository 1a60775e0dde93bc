import { Card, CardContent, CardHeader, Typography } from '@mui/material';
import { ImageUpload } from '../../../components/ImageUpload';
import type { Company } from '../CompanyDetails';
import type { SectionProps } from './section';

/** The logo shown in the shell and on the company's pages (POST /companies/{id}/files, type=logo). */
export function CompanyLogoSection({ company, canManage, onSaved }: SectionProps) {
  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardHeader title="Logo" subheader={canManage ? 'Shown beside the company name for everyone in it.' : 'Only people who manage the company can change it.'} />
      <CardContent>
        <ImageUpload<Company>
          url={company.logoUrl}
          fallback={company.name}
          label="Logo"
          path={`/companies/${company.id}/files`}
          type="logo"
          successMessage="Logo Added"
          onUploaded={(answer) => onSaved(answer)}
          canUpload={canManage}
        />
        {!company.logoUrl && !canManage && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            No logo yet.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
