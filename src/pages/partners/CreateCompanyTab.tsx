import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, DialogActions, DialogContent, Stack, Typography } from '@mui/material';
import { useForm, useWatch } from 'react-hook-form';
import { COMPANY_REQUIRED_FIELDS } from '../../../resources/company';
import { createPartnerBody, type PartnerType } from '../../../resources/partnership';
import { CompanyFormFields, EMPTY_COMPANY, emptyCompany, type CompanyFormValues } from '../companies/CompanyFormFields';
import { useAddPartner } from './use-add-partner';

const FIELDS = Object.keys(EMPTY_COMPANY);

/** Create the partner company here (it has no members of its own) and work with it straight away. */
export function CreateCompanyTab({ type, onClose }: { type: PartnerType; onClose: (id?: number) => void }) {
  const { submit, failure } = useAddPartner(type, 'create');
  const { control, handleSubmit, setError, formState } = useForm<CompanyFormValues>({
    resolver: zodResolver(createPartnerBody),
    reValidateMode: 'onChange',
    defaultValues: emptyCompany(),
  });
  const values = useWatch({ control });
  const ready = COMPANY_REQUIRED_FIELDS.every((f) => String(values[f] ?? '').trim() !== '');
  const create = handleSubmit(async (body) => {
    const saved = await submit(body, setError, FIELDS);
    if (saved) onClose(saved.id);
  });
  return (
    <form onSubmit={create} noValidate>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            For a {type} that does not use Fieldwork: its company is created with your details and no members.
          </Typography>
          {failure && <Alert severity="error">{failure}</Alert>}
          <CompanyFormFields control={control} country={values.country ?? 'US'} autoFocus />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!ready || formState.isSubmitting}>
          Create {type}
        </Button>
      </DialogActions>
    </form>
  );
}
