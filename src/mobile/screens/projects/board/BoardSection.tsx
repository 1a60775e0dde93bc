import { Box, List, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import type { CachedRead } from '../../../data/cached-read';
import { ReadStatus } from '../../../shell/ReadStatus';

/**
 * One part of the project board with its own read: its heading (the region's name), where the read
 * stands, and its rows, or `empty` when there are none.
 */
export function BoardSection({
  title,
  read,
  what,
  empty,
  count,
  children,
}: {
  title: string;
  read: CachedRead<unknown>;
  what: string;
  empty: ReactNode;
  /** How many rows show; 0 shows `empty` once the read has answered. */
  count: number;
  children: ReactNode;
}) {
  const heading = useId();
  return (
    <Box component="section" aria-labelledby={heading} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="h2" id={heading}>
        {title}
      </Typography>
      <ReadStatus read={read} what={what} />
      {read.data !== null &&
        (count === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <List disablePadding aria-label={title} sx={{ border: 2, borderColor: 'divider', borderRadius: 1 }}>
            {children}
          </List>
        ))}
    </Box>
  );
}

/** The day `at` falls on in the project's zone (the phone's own without one), as YYYY-MM-DD. */
export function dayIn(timeZone: string | undefined, at = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  }
}

/** A calendar day as the phone writes it, e.g. "Dec 3". */
export const shortDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
