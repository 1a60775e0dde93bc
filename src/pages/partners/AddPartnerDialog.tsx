import { Dialog, DialogTitle, Tab, Tabs, useMediaQuery, useTheme } from '@mui/material';
import { useState } from 'react';
import type { ResourceDef } from '../../../resources/engine';
import { partnerTypeOf } from '../../../resources/partnership';
import { AddExistingTab } from './AddExistingTab';
import { CreateCompanyTab } from './CreateCompanyTab';
import { InviteTab } from './InviteTab';

const TABS = [
  { id: 'existing', label: 'Existing company' },
  { id: 'invite', label: 'Invite by e-mail' },
  { id: 'create', label: 'New company' },
] as const;

/** The three ways of adding a client or subcontractor (spec 01 §7 Partners), one tab each. */
export function AddPartnerDialog({ def, onClose }: { def: ResourceDef; id?: string; onClose: (savedId?: string | number) => void }) {
  const type = partnerTypeOf(def);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('existing');
  const close = (id?: number) => onClose(id);
  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="add-partner-title">
      <DialogTitle id="add-partner-title">Add {def.singular.toLowerCase()}</DialogTitle>
      <Tabs value={tab} onChange={(_e, next) => setTab(next)} variant="scrollable" allowScrollButtonsMobile sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((t) => (
          <Tab key={t.id} value={t.id} label={t.label} />
        ))}
      </Tabs>
      {tab === 'existing' && <AddExistingTab type={type} onClose={close} />}
      {tab === 'invite' && <InviteTab type={type} onClose={close} />}
      {tab === 'create' && <CreateCompanyTab type={type} onClose={close} />}
    </Dialog>
  );
}
