import NearMe from '@mui/icons-material/NearMe';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGeolocation } from '../../../forms/useGeolocation';
import { useCachedRead } from '../../data/cached-read';
import { PROJECTS_PAGE, projectsListPath } from '../../data/field-reads';
import { ScreenHeader } from '../../shell/ScreenHeader';
import { ProjectCard, type ProjectRow } from './ProjectCard';
import { ReadStatus } from '../../shell/ReadStatus';

const SEARCH_DELAY_MS = 400;
/** About 100 m: plenty to order sites by, and the same spot keeps one copy on the phone. */
const NEAR_DECIMALS = 3;

type Near = { lat: number; lng: number };

/** One search's pages; a new search or position starts over with its own kept copy. */
function ProjectResults({ q, near }: { q: string; near: Near | null }) {
  const [pages, setPages] = useState(1);
  const read = useCachedRead<ProjectRow[]>(projectsListPath(q, near, pages));
  const rows = read.data?.slice(0, pages * PROJECTS_PAGE) ?? [];
  const more = (read.data?.length ?? 0) > pages * PROJECTS_PAGE;
  return (
    <>
      <ReadStatus read={read} what="the projects" />
      {read.data && rows.length === 0 && (
        <Typography variant="body1" sx={{ py: 4, textAlign: 'center' }}>
          {q ? `No project matches “${q}”.` : 'No projects yet. The projects your company runs or works on show here.'}
        </Typography>
      )}
      {rows.length > 0 && (
        <Stack component="ul" spacing={1.5} aria-label="Projects" sx={{ m: 0, p: 0 }}>
          {rows.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </Stack>
      )}
      {more && (
        <Button variant="outlined" size="large" onClick={() => setPages((n) => n + 1)} disabled={read.loading}>
          Show more
        </Button>
      )}
    </>
  );
}

/** The crew leader's home on the phone: their projects as cards, searched on the server, nearest first on request. */
export default function ProjectsListScreen() {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(input.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const { state: position, locate, clear } = useGeolocation();
  const near = position.kind === 'got' ? { lat: Number(position.lat.toFixed(NEAR_DECIMALS)), lng: Number(position.lng.toFixed(NEAR_DECIMALS)) } : null;

  return (
    <>
      <ScreenHeader title="Projects" />
      <Box sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }}>
        <TextField
          label="Search projects"
          type="search"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
        />
        <Button
          variant={near ? 'contained' : 'outlined'}
          size="large"
          startIcon={<NearMe />}
          aria-pressed={!!near}
          disabled={position.kind === 'asking'}
          onClick={near ? clear : locate}
        >
          {position.kind === 'asking' ? 'Finding your position…' : 'Nearest first'}
        </Button>
        {position.kind === 'denied' && <Alert severity="info">The phone did not share its position, so the projects stay in name order.</Alert>}
        {position.kind === 'unavailable' && <Alert severity="info">{position.message} The projects stay in name order.</Alert>}
        <ProjectResults key={`${q}|${near ? `${near.lat},${near.lng}` : ''}`} q={q} near={near} />
      </Box>
    </>
  );
}
