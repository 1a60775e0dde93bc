import { Box, Button, Modal, Paper, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSession } from '../../session/useSession';
import { useShellCommands } from '../shell-commands';
import { markTourSeen, shouldOfferTour, TOUR_STEPS, tourTarget, type TourStep } from './tour-steps';

const CARD_WIDTH = 340;
const GAP = 12;

interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** Where the card goes: beside a tall target (the navbar), else below it, or above when there is no room. */
function cardPosition(r: Rect, vw: number, vh: number) {
  const width = Math.min(CARD_WIDTH, vw - 2 * GAP);
  const clampLeft = (x: number) => Math.max(GAP, Math.min(x, vw - width - GAP));
  if (r.height > vh / 2 && r.left + r.width + GAP + width <= vw) return { top: Math.max(GAP, r.top + 80), left: r.left + r.width + GAP, width };
  const below = r.top + r.height + GAP;
  if (below + 200 <= vh) return { top: below, left: clampLeft(r.left + r.width / 2 - width / 2), width };
  return { bottom: vh - r.top + GAP, left: clampLeft(r.left + r.width / 2 - width / 2), width };
}

const rectOf = (el: HTMLElement): Rect => {
  const r = el.getBoundingClientRect();
  return { top: r.top, left: r.left, width: r.width, height: r.height };
};

function TourCard({ steps, onExit }: { steps: TourStep[]; onExit: () => void }) {
  const [index, setIndex] = useState(0);
  const [rect, setRect] = useState<Rect | null>(null);
  const step = steps[index]!;
  const last = index === steps.length - 1;
  const next = useCallback(() => (last ? onExit() : setIndex((i) => i + 1)), [last, onExit]);
  const back = useCallback(() => setIndex((i) => Math.max(0, i - 1)), []);

  useLayoutEffect(() => {
    const measure = () => {
      const el = tourTarget(step.target);
      setRect(el ? rectOf(el) : null);
    };
    tourTarget(step.target)?.scrollIntoView?.({ block: 'nearest' });
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [step.target]);

  // On the window, so the keys work wherever the focus went (a disabled Back button drops it).
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      const move = { ArrowRight: next, ArrowLeft: back, Escape: onExit }[e.key];
      if (!move) return;
      e.preventDefault();
      e.stopPropagation();
      move();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [next, back, onExit]);
  const nextButton = useRef<HTMLButtonElement>(null);
  useEffect(() => nextButton.current?.focus(), [index]);

  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const place = rect ? cardPosition(rect, vw, vh) : { top: vh / 3, left: Math.max(GAP, (vw - CARD_WIDTH) / 2), width: Math.min(CARD_WIDTH, vw - 2 * GAP) };
  return (
    <Box sx={{ outline: 'none' }} tabIndex={-1}>
      {rect && (
        <Box
          aria-hidden
          data-testid="tour-spotlight"
          sx={{
            position: 'fixed',
            top: rect.top - 4,
            left: rect.left - 4,
            width: rect.width + 8,
            height: rect.height + 8,
            borderRadius: 2,
            boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.55)',
            outline: '2px solid',
            outlineColor: 'secondary.main',
            pointerEvents: 'none',
            transition: 'all 200ms ease',
          }}
        />
      )}
      <Paper
        role="dialog"
        aria-modal="true"
        aria-labelledby="tour-title"
        aria-describedby="tour-text"
        elevation={8}
        sx={{ position: 'fixed', ...place, p: 2.5, transition: 'top 200ms ease, left 200ms ease' }}
      >
        <Typography variant="overline" color="text.secondary">
          Tour · {index + 1} of {steps.length}
        </Typography>
        <Typography id="tour-title" variant="h6" component="h2">
          {step.title}
        </Typography>
        <Typography id="tour-text" variant="body2" sx={{ mt: 1, mb: 2 }}>
          {step.text}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center">
          <Button onClick={onExit} sx={{ minHeight: 40 }}>
            Exit
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button variant="outlined" onClick={back} disabled={index === 0} sx={{ minHeight: 40 }}>
            Back
          </Button>
          <Button ref={nextButton} variant="contained" onClick={next} sx={{ minHeight: 40 }}>
            {last ? 'Finish' : 'Next'}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}

/**
 * The help tour (spec 01 §2): the shell's main parts one after another with Exit, Back and Next;
 * Escape exits and the arrow keys move. Started from the account menu, and once by itself for a new user.
 */
export function ShellTour() {
  const { tourOpen, startTour, endTour } = useShellCommands();
  const { user } = useSession();
  const userId = user?.id;
  const [steps, setSteps] = useState<TourStep[]>([]);

  useEffect(() => {
    if (!user || !shouldOfferTour(user)) return;
    // Wait for the toolbar to settle so every part is on the screen when the tour looks for it.
    const timer = window.setTimeout(startTour, 800);
    return () => window.clearTimeout(timer);
  }, [user, startTour]);

  useEffect(() => {
    if (!tourOpen) return;
    if (userId) markTourSeen(userId);
    const shown = TOUR_STEPS.filter((s) => tourTarget(s.target));
    if (shown.length === 0) endTour();
    setSteps(shown);
  }, [tourOpen, userId, endTour]);

  if (!tourOpen || steps.length === 0) return null;
  return (
    <Modal open onClose={endTour} disableEscapeKeyDown hideBackdrop aria-labelledby="tour-title">
      <TourCard steps={steps} onExit={endTour} />
    </Modal>
  );
}
