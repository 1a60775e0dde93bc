import { MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { switchToCompany } from '../session/switch-company';
import { useSession } from '../session/useSession';

/** Switching company changes the company this tab acts in and reloads the page (spec 01 §6). */
export function CompanySwitcher() {
  const { user, activeMembership } = useSession();
  const [switching, setSwitching] = useState(false);
  if (!user || !activeMembership) return null;
  if (user.memberships.length < 2) {
    return (
      <Typography fontWeight={600} noWrap data-testid="toolbar-company">
        {activeMembership.company.name}
      </Typography>
    );
  }
  const change = async (companyId: number) => {
    setSwitching(true);
    try {
      await switchToCompany(companyId);
      window.location.reload();
    } catch {
      setSwitching(false);
    }
  };
  return (
    <TextField
      select
      size="small"
      label="Company"
      value={activeMembership.companyId}
      disabled={switching}
      onChange={(e) => void change(Number(e.target.value))}
      sx={{ minWidth: { xs: 120, sm: 200 }, maxWidth: 260 }}
      slotProps={{ htmlInput: { 'aria-label': 'Switch company' } }}
    >
      {user.memberships.map((m) => (
        <MenuItem key={m.companyId} value={m.companyId}>
          {m.company.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
