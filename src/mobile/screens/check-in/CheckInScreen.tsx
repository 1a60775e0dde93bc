import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isCrewLeader } from '../../../../permissions';
import { LOG_MESSAGES, LOG_SUCCESS } from '../../../../resources/log';
import type { ProductionCrewOption } from '../../../../resources/production';
import { outbox } from '../../../offline/outbox';
import { useCachedRead } from '../../data/cached-read';
import { CHECK_IN_CREWS_PATH } from '../../data/field-reads';
import { useSentState } from '../../data/sent-state';
import { RefusedNotice } from '../../shell/RefusedNotice';
import { phoneDay } from '../../fields/phone-day';
import { ProjectField, type ProjectChoice } from '../../fields/ProjectField';
import { useWhere, WhereFields } from '../../fields/WhereFields';
import { useMobileSession } from '../../session';
import { ScreenHeader } from '../../shell/ScreenHeader';
import { TodaysCheckIns } from './TodaysCheckIns';

const idFrom = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * Check in on site: the project (from the link, or chosen, nearest first once the position is
 * known), the crew, what is happening and where. Saved on the phone at once and sent through the
 * outbox, so it works without signal; today's check-ins below.
 */
export default function CheckInScreen() {
  const { profile } = useMobileSession();
  const [params] = useSearchParams();
  const where = useWhere();
  const [projectId, setProjectId] = useState<number | null>(() => idFrom(params.get('projectId')));
  const [project, setProject] = useState<ProjectChoice | null>(null);
  const crews = useCachedRead<ProductionCrewOption[]>(CHECK_IN_CREWS_PATH);
  const [chosenCrew, setCrewId] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ projectId?: string; crewId?: string }>({});
  const [savedId, setSavedId] = useState<string | null>(null);
  const sent = useSentState(savedId);

  const crewOptions = crews.data ?? [];
  // The kept copy may name a crew the server's fresh answer no longer gives the person.
  const crewId = crewOptions.some((c) => c.id === chosenCrew) ? chosenCrew : null;
  // A crew leader is answered only their own crews: the first is theirs; anyone else chooses unless there is one.
  const preselect = crewOptions.length === 1 || (crewOptions.length > 0 && isCrewLeader(profile)) ? crewOptions[0]!.id : null;
  useEffect(() => {
    if (crewId === null && preselect !== null) setCrewId(preselect);
  }, [crewId, preselect]);

  const choose = (chosen: ProjectChoice | null) => {
    setProject(chosen);
    setProjectId(chosen?.id ?? null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems: typeof errors = {};
    if (projectId === null) problems.projectId = LOG_MESSAGES.project;
    if (crewId === null) problems.crewId = crews.data?.length === 0 ? LOG_MESSAGES.noCrew : LOG_MESSAGES.crew;
    setErrors(problems);
    if (problems.projectId || problems.crewId) return;
    const today = phoneDay();
    const entry = await outbox.enqueue({
      label: `Check-in on ${project?.projectName ?? `project ${projectId}`}, ${new Date().toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}`,
      method: 'POST',
      path: '/logs',
      body: {
        logData: {
          projectId,
          crewId,
          lat: where.at?.lat ?? null,
          lng: where.at?.lng ?? null,
          date: today,
          status: 'open',
          description: description.trim() || null,
          address: where.address.trim() || null,
        },
        dateString: today,
      },
    });
    setSavedId(entry.id);
    setDescription('');
    where.reset();
  };

  return (
    <>
      <ScreenHeader title="Check in" />
      <Stack component="form" spacing={2} sx={{ p: 2 }} onSubmit={submit} noValidate aria-label="Check in">
        <ProjectField value={projectId} onChange={choose} near={where.found} error={errors.projectId} />
        <TextField
          select
          label="Crew"
          value={crewId === null ? '' : String(crewId)}
          onChange={(e) => setCrewId(idFrom(e.target.value))}
          error={!!errors.crewId || !!crews.error}
          helperText={errors.crewId ?? (crews.error ? `The crews could not be loaded: ${crews.error.message}` : crews.data?.length === 0 ? LOG_MESSAGES.noCrew : undefined)}
        >
          {crewOptions.map((c) => (
            <MenuItem key={c.id} value={String(c.id)} sx={{ minHeight: 48 }}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        {crews.loading && !crews.data && <LinearProgress aria-label="Loading crews" />}
        <TextField label="What is happening" multiline minRows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
        <WhereFields where={where} helperText="Where you are, if the location is not shared or to add detail" />
        <Button type="submit" variant="contained" size="large" sx={{ minHeight: 56, fontSize: '1.125rem' }}>
          Check in
        </Button>
        <SentLine state={sent} />
      </Stack>
      <Box sx={{ px: 2, pb: 2 }}>
        <TodaysCheckIns reloadWhen={sent.kind === 'sent' ? savedId : null} />
      </Box>
    </>
  );
}

function SentLine({ state }: { state: ReturnType<typeof useSentState> }) {
  switch (state.kind) {
    case 'waiting':
      return (
        <Alert severity="info" role="status">
          Saved: waiting to send
        </Alert>
      );
    case 'sent':
      return (
        <Alert severity="success" role="status">
          {LOG_SUCCESS.created}
        </Alert>
      );
    case 'refused':
      return <RefusedNotice message={`Not accepted: ${state.message}`} />;
    default:
      return null;
  }
}
