import { Alert, Button, LinearProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { createDamageBody, DAMAGE_SUCCESS } from '../../../../resources/damage';
import { outbox } from '../../../offline/outbox';
import { useOutbox } from '../../../offline/use-outbox';
import { refsIn } from '../../../offline/references';
import { useCachedRead } from '../../data/cached-read';
import { useSentState } from '../../data/sent-state';
import { RefusedNotice } from '../../shell/RefusedNotice';
import { phoneDay } from '../../fields/phone-day';
import { ProjectField, type ProjectChoice } from '../../fields/ProjectField';
import { useWhere, WhereFields } from '../../fields/WhereFields';
import { resizePhoto, photoName } from '../../photos/resize';
import { useMobileSession } from '../../session';
import { ScreenHeader } from '../../shell/ScreenHeader';
import { PhotoPicker } from './PhotoPicker';

type Field = 'projectId' | 'damageDate' | 'damageTypeId' | 'description' | 'address' | 'lat' | 'lng';

const idFrom = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * Report a damage from the site: the project, the day, what was damaged and where, and photos from
 * the camera. The damage and then its photos wait in the outbox in that order; each photo's upload
 * names the damage by the creation's answer, so all of it works without signal.
 */
export default function DamageReportScreen() {
  const { ability } = useMobileSession();
  if (!ability.can('report', 'damages')) {
    return (
      <>
        <ScreenHeader title="Report damage" back="/projects-list" />
        <Alert severity="warning" sx={{ m: 2 }}>
          Your role does not see the company&apos;s damages, so it cannot report one. Tell your crew leader or project manager about the damage.
        </Alert>
      </>
    );
  }
  return <DamageReportForm />;
}

function DamageReportForm() {
  const { ability, membership } = useMobileSession();
  const [params] = useSearchParams();
  const where = useWhere();
  const [projectId, setProjectId] = useState<number | null>(() => idFrom(params.get('projectId')));
  const [project, setProject] = useState<ProjectChoice | null>(null);
  const [damageDate, setDamageDate] = useState(phoneDay);
  const [damageTypeId, setDamageTypeId] = useState<number | null>(null);
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [preparing, setPreparing] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const sent = useSentState(savedId);
  const photoEntries = useOutbox().entries.filter((e) => savedId !== null && refsIn(e.path).has(savedId));
  const photosRefused = photoEntries.filter((e) => e.state === 'failed' || e.state === 'conflict').length;
  const photosWaiting = photoEntries.length - photosRefused;
  const types = useCachedRead<Array<{ id: number; name: string }>>(
    ability.can('view', 'damage-types') ? `/companies/${membership.companyId}/damage-types?_end=200&_sort=name&_order=asc` : null,
  );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      projectId,
      damageDate,
      damageTypeId,
      description: description.trim() || null,
      address: where.address.trim() || null,
      city: where.place?.city ?? null,
      state: where.place?.state ?? null,
      lat: where.at?.lat ?? null,
      lng: where.at?.lng ?? null,
    };
    const checked = createDamageBody.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setPreparing(true);
    try {
      // Made small first, one at a time (a phone's memory): the damage and its photos then go into the outbox together.
      const files: Array<{ blob: Blob; name: string }> = [];
      for (const photo of photos) {
        const blob = await resizePhoto(photo);
        files.push({ blob, name: photoName(photo.name, blob) });
      }
      const label = `Damage on ${project?.projectName ?? `project ${projectId}`}, ${damageDate}`;
      const damage = await outbox.enqueue({ label, method: 'POST', path: '/damages', body });
      for (const [index, file] of files.entries()) {
        await outbox.enqueue({
          label: `Photo ${index + 1} of ${files.length} of the damage on ${project?.projectName ?? `project ${projectId}`}`,
          method: 'POST',
          path: ['/damages/', { $ref: damage.id, field: 'id' }, '/files/files'],
          body: { form: [{ name: 'file', file: file.blob, filename: file.name }] },
        });
      }
      setSavedId(damage.id);
      setDescription('');
      setDamageTypeId(null);
      setPhotos([]);
      where.reset();
    } finally {
      setPreparing(false);
    }
  };

  return (
    <>
      <ScreenHeader title="Report damage" back={projectId ? `/project-board/${projectId}` : '/projects-list'} />
      <Stack component="form" spacing={2} sx={{ p: 2 }} onSubmit={submit} noValidate aria-label="Report damage">
        <ProjectField
          value={projectId}
          onChange={(chosen) => {
            setProject(chosen);
            setProjectId(chosen?.id ?? null);
          }}
          near={where.found}
          error={errors.projectId}
        />
        <TextField
          type="date"
          label="Date of the damage"
          value={damageDate}
          onChange={(e) => setDamageDate(e.target.value)}
          error={!!errors.damageDate}
          helperText={errors.damageDate}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {types.data && types.data.length > 0 && (
          <TextField
            select
            label="Damage type"
            value={damageTypeId === null ? '' : String(damageTypeId)}
            onChange={(e) => setDamageTypeId(idFrom(e.target.value))}
            error={!!errors.damageTypeId}
            helperText={errors.damageTypeId}
          >
            <MenuItem value="" sx={{ minHeight: 48 }}>
              Not known
            </MenuItem>
            {types.data.map((t) => (
              <MenuItem key={t.id} value={String(t.id)} sx={{ minHeight: 48 }}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          label="What was damaged"
          multiline
          minRows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={!!errors.description}
          helperText={errors.description ?? 'What was hit, how, and what was done to make it safe'}
        />
        <WhereFields where={where} helperText="Where the damage is" error={errors.address ?? errors.lat ?? errors.lng} />
        <PhotoPicker photos={photos} onChange={setPhotos} disabled={preparing} />
        <Button type="submit" variant="contained" size="large" disabled={preparing} sx={{ minHeight: 56, fontSize: '1.125rem' }}>
          {preparing ? 'Preparing photos…' : 'Report damage'}
        </Button>
        {preparing && <LinearProgress aria-label="Preparing photos" />}
        <SentLine state={sent} photosWaiting={photosWaiting} />
        {photosRefused > 0 && <RefusedNotice message={`${photosRefused === 1 ? 'A photo was' : `${photosRefused} photos were`} not accepted.`} />}
      </Stack>
    </>
  );
}

function SentLine({ state, photosWaiting }: { state: ReturnType<typeof useSentState>; photosWaiting: number }) {
  const photos = photosWaiting === 1 ? '1 photo' : `${photosWaiting} photos`;
  if (state.kind === 'refused') return <RefusedNotice message={`Not accepted: ${state.message}`} />;
  if (state.kind === 'waiting')
    return (
      <Alert severity="info" role="status">
        Saved: waiting to send{photosWaiting ? ` (with ${photos})` : ''}
      </Alert>
    );
  if (state.kind === 'sent')
    return (
      <Alert severity={photosWaiting ? 'info' : 'success'} role="status">
        {DAMAGE_SUCCESS.created}
        {photosWaiting ? `: ${photos} waiting to send` : ''}
      </Alert>
    );
  return null;
}
