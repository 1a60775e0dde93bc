import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Link, Stack, Typography } from '@mui/material';
import { decisionText, type DocumentDecision } from '../../resources/client-decision';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A document's decisions, newest first: who decided, how (signed in, the link, recorded for them), when, why, and the proof. */
export function DecisionList({ decisions }: { decisions: DocumentDecision[] }) {
  if (!decisions.length) return null;
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
