import { Box, ButtonBase, List, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import type { PlanPdf } from './pdf-document';

const THUMB_WIDTH = 112;

/** One page's small picture, rendered only once it scrolls into view (a 100-page set draws a handful). */
function Thumbnail({ pdf, pageNumber, ready }: { pdf: PlanPdf; pageNumber: number; ready: boolean }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  useEffect(() => {
    const canvas = ref.current;
    if (!seen || !ready || !canvas) return;
    let job: ReturnType<PlanPdf['render']> | null = null;
    let stopped = false;
    void pdf.pageSize(pageNumber).then((size) => {
      if (stopped) return;
      const scale = THUMB_WIDTH / size.width;
      canvas.width = THUMB_WIDTH;
      canvas.height = Math.ceil(size.height * scale);
      job = pdf.render(pageNumber, canvas, scale);
      job.done.catch(() => undefined);
    });
    return () => {
      stopped = true;
      job?.cancel();
    };
  }, [seen, ready, pdf, pageNumber]);
  return <Box component="canvas" ref={ref} width={THUMB_WIDTH} height={Math.round(THUMB_WIDTH * 0.66)} sx={{ width: THUMB_WIDTH, height: 'auto', bgcolor: 'common.white', boxShadow: 1, display: 'block' }} />;
}

/**
 * The file's pages as a list of thumbnails; the current one marked. Thumbnails are drawn once `ready`
 * (the open page is on screen), so they never delay it.
 */
export function PageList({ pdf, current, ready, onPick }: { pdf: PlanPdf; current: number; ready: boolean; onPick: (pageNumber: number) => void }) {
  const pages = Array.from({ length: pdf.numPages }, (_, i) => i + 1);
  return (
    <List component="nav" aria-label="Pages" dense sx={{ p: 1, display: 'grid', gap: 1, justifyItems: 'center' }}>
      {pages.map((n) => (
        <ButtonBase
          key={n}
          onClick={() => onPick(n)}
          aria-current={n === current ? 'page' : undefined}
          aria-label={`Page ${n}`}
          sx={{ flexDirection: 'column', p: 0.75, borderRadius: 1, border: 2, borderColor: n === current ? 'primary.main' : 'transparent', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
        >
          <Thumbnail pdf={pdf} pageNumber={n} ready={ready} />
          <Typography variant="caption" sx={{ mt: 0.5 }}>
            {n}
          </Typography>
        </ButtonBase>
      ))}
    </List>
  );
}
