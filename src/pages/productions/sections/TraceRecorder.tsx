import { Alert, Button, Stack, Typography } from '@mui/material';
import MyLocation from '@mui/icons-material/MyLocation';
import { useEffect, useRef, useState } from 'react';
import { addTrace } from '../production-api';

/** Fixes less precise than this (metres) are left out: indoors or at start-up a phone guesses widely. */
const WORST_ACCURACY_M = 50;

/**
 * Records where the work runs from this device's position (the browser's geolocation, watched while
 * recording) and saves the line as a trace of the production. For the crew on site, in draft only.
 */
export function TraceRecorder({ productionId, onSaved }: { productionId: number; onSaved: () => Promise<unknown> }) {
  const [points, setPoints] = useState<Array<[number, number]>>([]);
  const [recording, setRecording] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const watch = useRef<number | null>(null);

  const stopWatching = () => {
    if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    watch.current = null;
  };
  useEffect(() => stopWatching, []);

  const start = () => {
    setProblem(null);
    if (!('geolocation' in navigator)) {
      setProblem('This device cannot tell its position.');
      return;
    }
    setPoints([]);
    setRecording(true);
    watch.current = navigator.geolocation.watchPosition(
      (pos) => {
        if (pos.coords.accuracy > WORST_ACCURACY_M) return;
        setPoints((was) => [...was, [pos.coords.latitude, pos.coords.longitude]]);
      },
      (err) => {
        stopWatching();
        setRecording(false);
        setProblem(err.code === err.PERMISSION_DENIED ? 'The position was not shared: allow location for this site to record a trace.' : 'The position could not be read. Try again in the open.');
      },
      { enableHighAccuracy: true, maximumAge: 0 },
    );
  };

  const stop = async (save: boolean) => {
    stopWatching();
    setRecording(false);
    if (!save) return setPoints([]);
    setSaving(true);
    try {
      await addTrace(productionId, points);
      setPoints([]);
      await onSaved();
    } catch (err) {
      setProblem(err instanceof Error ? err.message : 'The trace could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {recording ? (
        <>
          <Typography role="status">
            Recording: {points.length} {points.length === 1 ? 'point' : 'points'}. Walk the line the work ran along, then stop.
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => void stop(true)} disabled={points.length < 2}>
              Stop and save
            </Button>
            <Button onClick={() => void stop(false)}>Discard</Button>
          </Stack>
        </>
      ) : (
        <Button variant="outlined" startIcon={<MyLocation />} onClick={start} disabled={saving} sx={{ alignSelf: 'flex-start' }}>
          {saving ? 'Saving…' : 'Record a trace here'}
        </Button>
      )}
      {problem && <Alert severity="error">{problem}</Alert>}
    </Stack>
  );
}
