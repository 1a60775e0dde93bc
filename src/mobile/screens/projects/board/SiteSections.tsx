import { Chip, ListItem, ListItemButton, ListItemText } from '@mui/material';
import { damageStatusLabel, type Damage } from '../../../../../resources/damage';
import { expiryLabel, locateExpiry, type Locate } from '../../../../../resources/locate';
import { useCachedRead } from '../../../data/cached-read';
import { siteDamagesPath, siteLocatesPath } from '../../../data/field-reads';
import { useMobileSession } from '../../../session';
import { BoardSection, shortDay } from './BoardSection';

const place = (row: { address: string | null; city: string | null }) => [row.address, row.city].filter(Boolean).join(', ') || null;

/**
 * Open locate tickets at the site (next to expire first; those expiring within two days or expired
 * stand out), read through the project so the crew about to dig sees them whatever its role; a
 * ticket opens on the Locates screen only for those whose role opens it (spec 01 §6).
 */
export function LocatesSection({ projectId, today }: { projectId: number; today: string }) {
  const { ability } = useMobileSession();
  const opens = ability.can('view', 'locates');
  const read = useCachedRead<Locate[]>(siteLocatesPath(projectId));
  const rows = read.data ?? [];
  return (
    <BoardSection title="Locate tickets" read={read} what="the locate tickets" count={rows.length} empty="No open locate tickets at this site.">
      {rows.map((ticket) => {
        const { daysLeft, expired, expiringSoon } = locateExpiry(ticket, today);
        const urgent = expired || expiringSoon;
        const content = (
          <>
            <ListItemText
              primary={`Ticket ${ticket.ticketNumber}`}
              secondary={[place(ticket), `Expires ${shortDay(ticket.expiresOn)}`].filter(Boolean).join(' · ')}
              slotProps={{ primary: { sx: { fontWeight: 700, overflowWrap: 'anywhere' } } }}
            />
            {urgent && <Chip label={expiryLabel(daysLeft)} color={expired ? 'error' : 'warning'} />}
          </>
        );
        return opens ? (
          <ListItemButton key={ticket.id} component="a" href={`/app/locates/${ticket.id}`} divider sx={{ gap: 1 }}>
            {content}
          </ListItemButton>
        ) : (
          <ListItem key={ticket.id} divider sx={{ gap: 1, minHeight: 64 }}>
            {content}
          </ListItem>
        );
      })}
    </BoardSection>
  );
}

/** Damages on the project not closed yet, newest first. */
export function DamagesSection({ projectId }: { projectId: number }) {
  const read = useCachedRead<Damage[]>(siteDamagesPath(projectId));
  const rows = read.data ?? [];
  return (
    <BoardSection title="Open damages" read={read} what="the damages" count={rows.length} empty="No open damages on this project.">
      {rows.map((damage) => (
        <ListItemButton key={damage.id} component="a" href={`/app/damages/${damage.id}`} divider sx={{ gap: 1 }}>
          <ListItemText
            primary={damage.damageTypeName ?? 'Damage'}
            secondary={[shortDay(damage.damageDate), place(damage)].filter(Boolean).join(' · ')}
            slotProps={{ primary: { sx: { fontWeight: 700, overflowWrap: 'anywhere' } } }}
          />
          <Chip label={damageStatusLabel(damage.status)} />
        </ListItemButton>
      ))}
    </BoardSection>
  );
}
