import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Link, Stack, Typography } from '@mui/material';
import { decisionText, type DocumentDecision } from '../../resources/client-decision';

const dayIn = (timeZone?: string) => (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) });

/** A document's decisions, newest first: who decided, how (signed in, the link, recorded for them), when, why, and the proof. */
export function DecisionList({ decisions, timeZone }: { decisions: DocumentDecision[]; timeZone?: string }) {
  if (!decisions.length) return null;
  const day = dayIn(timeZone);
  return (
    <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Decisions">
      {decisions.map((d) => (
        <Typography component="li" variant="body2" key={d.id} sx={{ overflowWrap: 'anywhere' }}>
          {decisionText(d, day)}
          {d.reason ? `: “${d.reason}”` : ''}
          {d.file && (
            <>
              {' '}
              <Link href={d.file.url} download={d.file.filename} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
                <AttachFileIcon sx={{ fontSize: 16 }} />
                {d.file.filename}
              </Link>
            </>
          )}
        </Typography>
      ))}
    </Stack>
  );
}
