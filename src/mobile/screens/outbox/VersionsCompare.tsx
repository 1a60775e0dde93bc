import { Box, Typography } from '@mui/material';
import type { OutboxEntry } from '../../../offline/outbox-entry';
import { isFormBody } from '../../../offline/outbox-entry';

type Flat = Map<string, string>;

function flatten(value: unknown, prefix = '', into: Flat = new Map()): Flat {
  if (Array.isArray(value)) value.forEach((v, i) => flatten(v, `${prefix}${i + 1}.`, into));
  else if (value && typeof value === 'object' && !(value instanceof Blob)) {
    for (const [k, v] of Object.entries(value)) flatten(v, `${prefix}${k}.`, into);
  } else if (value !== undefined) into.set(prefix.replace(/\.$/, ''), value === null ? '—' : String(value));
  return into;
}

const words = (key: string) => key.replace(/\./g, ' › ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * A conflict, never settled behind the crew's back: what they entered beside what the server holds
 * now, field by field, for the fields they entered.
 */
export function VersionsCompare({ entry }: { entry: OutboxEntry }) {
  const mine = isFormBody(entry.body) ? new Map(entry.body.form.map((p) => [p.name, 'file' in p ? p.filename : String(p.value)])) : flatten(entry.body);
  const theirs = flatten(entry.answer);
  const rows = [...mine.entries()].filter(([key]) => !key.endsWith('id') || key === 'id');
  if (!entry.answer) {
    return (
      <Typography variant="body2" color="text.secondary">
        The server did not send its version. Open the record to see it as it is now.
      </Typography>
    );
  }
  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', fontSize: '0.95rem', '& td, & th': { borderBottom: 1, borderColor: 'divider', p: 0.75, textAlign: 'left', verticalAlign: 'top', overflowWrap: 'anywhere' } }}>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">You entered</th>
          <th scope="col">Now on the server</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, value]) => {
          const now = theirs.get(key) ?? '—';
          return (
            <tr key={key} style={now !== value ? { fontWeight: 700 } : undefined}>
              <td>{words(key)}</td>
              <td>{value}</td>
              <td>{now}</td>
            </tr>
          );
        })}
        {theirs.has('status') && !mine.has('status') && (
          <tr style={{ fontWeight: 700 }}>
            <td>status</td>
            <td>—</td>
            <td>{theirs.get('status')}</td>
          </tr>
        )}
      </tbody>
    </Box>
  );
}
