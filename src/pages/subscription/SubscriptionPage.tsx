import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { Alert, Button, Card, CardContent, CardHeader, Chip, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useCompanyAccess } from '../companies/useCompanyAccess';
import { useSession } from '../../session/useSession';
import { LoadingView } from '../../shell/LoadingView';

const PAID_ADDS = [
  'The Paid badge in the toolbar for everyone in the company, in place of Upgrade.',
  'A plan agreed with whoever runs Fieldwork for you: support, terms and billing are settled with them.',
  'Nothing you use today changes: no feature of Fieldwork is locked on the Free plan.',
];

/** The active company's plan (spec 02 §1 toolbar badge). There is no online checkout: upgrades are arranged by the operator. */
export function SubscriptionPage() {
  const { activeMembership } = useSession();
  const { canManage } = useCompanyAccess(activeMembership?.companyId ?? 0);
  const { open } = useNotification();
  if (!activeMembership) return <LoadingView />;
  const { company } = activeMembership;
  const free = company.plan === 'free';
  const request = `Please move the company "${company.name}" (Fieldwork company id ${company.id}) to the paid plan.`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(request);
      open?.({ type: 'success', message: 'Upgrade request copied' });
    } catch {
      open?.({ type: 'error', message: 'Copying is not allowed here: select the text and copy it instead.' });
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <Typography variant="h5" component="h1">
        Subscription
      </Typography>
      <Card>
        <CardHeader
          title={company.name}
          subheader="The plan belongs to the company, so it is the same for everyone in it."
          action={<Chip label={free ? 'Free plan' : 'Paid plan'} color={free ? 'default' : 'success'} data-testid="subscription-plan" />}
          sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0 } }}
        />
        <CardContent>
          {free ? (
            <Stack spacing={2}>
              <Typography variant="h6" component="h2">
                Upgrade to Paid
              </Typography>
              <Typography variant="subtitle2">What the paid plan adds</Typography>
              <List dense disablePadding>
                {PAID_ADDS.map((line) => (
                  <ListItem key={line} disableGutters>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <CheckCircleOutline color="success" fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={line} />
                  </ListItem>
                ))}
              </List>
              <Typography variant="subtitle2">How to upgrade</Typography>
              <Alert severity="info">
                There is no online payment in Fieldwork. {canManage ? 'Send' : "Ask your company's owner to send"} the request below to the
                person or team who runs Fieldwork for your organisation; once they switch the plan, the toolbar shows Paid for everyone in{' '}
                {company.name}.
              </Alert>
              <Typography component="blockquote" sx={{ m: 0, p: 2, bgcolor: 'action.hover', borderRadius: 1, userSelect: 'all' }} data-testid="upgrade-request">
                {request}
              </Typography>
              <Stack direction="row">
                <Button variant="contained" startIcon={<ContentCopy />} onClick={copy}>
                  Copy upgrade request
                </Button>
              </Stack>
            </Stack>
          ) : (
            <Typography>
              {company.name} is on the paid plan. To change or end it, contact the person or team who runs Fieldwork for your organisation.
            </Typography>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
