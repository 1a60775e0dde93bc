import AutoStories from '@mui/icons-material/AutoStories';
import ViewSidebar from '@mui/icons-material/ViewSidebar';
import { Alert, Box, Chip, CircularProgress, Drawer, IconButton, Paper, Stack, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useNotification } from '@refinedev/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Budget } from '../../../resources/budget';
import type { Item } from '../../../resources/items';
import { drawKindOf, geometryProblem, measure, metresPerPoint, quantityText, referencePoints, type Geometry, type Point } from '../../../resources/plan-takeoff';
import type { ApiError } from '../../api/http';
import { ConfirmDialog } from '../productions/ProductionDialogs';
import { safeReturnTo } from './editor-link';
import { AddToBudgetDialog } from './AddToBudgetDialog';
import { CalibrateDialog } from './CalibrateDialog';
import { DrawingLayer, type Draft } from './DrawingLayer';
import { loadBudgets, loadPlanFile, sheetApi } from './editor-api';
import { ToolButtons, ViewButtons } from './EditorToolbar';
import { budgetLabel, ItemPicker } from './ItemPicker';
import { PageList } from './PageList';
import { openPlanPdf, type PlanPdf } from './pdf-document';
import { QuantityDialog } from './QuantityDialog';
import { BUILT_COLOR, DEFAULT_COLOR } from './shapes';
import { SidePanel } from './SidePanel';
import { TileLayer } from './TileLayer';
import { MarkingBar, MarkingPanel } from './MarkingPanel';
import { kindOfTool, MIN_POINTS, TOOL_KEYS, withoutRepeats, type Tool } from './tools';
import { useMarkTarget } from './useMarkTarget';
import { useProductionMarking } from './useProductionMarking';
import { useSheet } from './useSheet';
import { useEditorKeys, useViewportGestures, useViewportSize } from './useViewportGestures';
import { fitPage, fitWidth, zoomAround, type Size, type View } from './viewport-math';

/** How far apart (screen px) the two clicks of a double click that finishes a drawing may be. */
const DOUBLE_CLICK_PX = 6;

/**
 * The plan editor (`/editor?fileId=…&page=…&returnTo=…`): a plan file's pages with zoom and pan, and
 * the takeoff drawn over them. The sheet shows even when the drawings cannot be loaded. With
 * `productionId` it marks what a draft production's crew built on the drawings instead (the drawings
 * themselves stay as they are).
 */
export function PlanEditorPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const fileId = Number(params.get('fileId'));
  const pageNumber = Math.max(1, Number(params.get('page')) || 1);
  const returnTo = safeReturnTo(params.get('returnTo'));
  const productionId = Number(params.get('productionId')) || null;
  const marking = useProductionMarking(productionId);
  const [leaving, setLeaving] = useState(false);
  const close = () => (marking?.dirty ? setLeaving(true) : navigate(returnTo));
  const { open: notify } = useNotification();

  const [pdf, setPdf] = useState<PlanPdf | null>(null);
  const [fileName, setFileName] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  useEffect(() => {
    if (!Number.isInteger(fileId) || fileId <= 0) return setFileError('Open a plan file from Files or from a project’s files.');
    let doc: PlanPdf | null = null;
    let live = true;
    loadPlanFile(fileId)
      .then((file) => {
        setFileName(file.name);
        return openPlanPdf(file.url);
      })
      .then(
        (d) => {
          doc = d;
          if (live) setPdf(d);
          else d.destroy();
        },
        (e: ApiError | Error) => live && setFileError(e.message || 'The plan file could not be opened'),
      );
    return () => {
      live = false;
      doc?.destroy();
    };
  }, [fileId]);

  const [page, setPage] = useState<Size | null>(null);
  useEffect(() => {
    if (!pdf) return;
    let live = true;
    pdf.pageSize(Math.min(pageNumber, pdf.numPages)).then((s) => live && setPage(s), () => live && setFileError('This page could not be read'));
    return () => {
      live = false;
    };
  }, [pdf, pageNumber]);
  const goTo = (n: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('page', String(n));
      return next;
    });

  const viewportRef = useRef<HTMLDivElement>(null);
  const viewport = useViewportSize(viewportRef);
  const [view, setView] = useState<View>({ zoom: 1, x: 0, y: 0 });
  // The sheet is drawn only once fitted to the viewport, so no tile is rendered at a zoom never shown.
  const pageKey = `${pageNumber}:${page?.width}:${page?.height}`;
  const [fitted, setFitted] = useState('');
  useEffect(() => {
    if (page && viewport.width > 0 && fitted !== pageKey) {
      setFitted(pageKey);
      setView(fitWidth(page, viewport));
    }
  }, [page, viewport, pageKey, fitted]);

  const api = useMemo(() => sheetApi(fileId), [fileId]);
  const sheet = useSheet(api, fileId, pageNumber);
  const answer = sheet.answer;
  // While marking production the drawings are not changed, whoever marks.
  const canEdit = !!answer?.canEdit && !marking;

  const [budgets, setBudgets] = useState<Budget[]>([]);
  const [budgetId, setBudgetId] = useState<number | null>(null);
  useEffect(() => {
    if (!answer?.projectId) return;
    loadBudgets(answer.projectId).then(
      (list) => {
        setBudgets(list);
        setBudgetId((current) => current ?? list[0]?.id ?? null);
      },
      () => setBudgets([]),
    );
  }, [answer?.projectId]);
  const [item, setItem] = useState<Item | null>(null);
  const [hidden, setHidden] = useState<Set<number>>(new Set());

  const [tool, setToolState] = useState<Tool>(phone ? 'hand' : 'select');
  // The drawing in progress is read from a ref as well: two clicks can arrive before React renders
  // again, and each must add to what the one before drew.
  const [draft, setDraftState] = useState<Draft | null>(null);
  const draftRef = useRef<Draft | null>(null);
  const setDraft = (d: Draft | null) => {
    draftRef.current = d;
    setDraftState(d);
  };
  const [hover, setHover] = useState<Point | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [calibrating, setCalibrating] = useState<[Point, Point] | null>(null);
  const [asking, setAsking] = useState<{ geometry: Geometry; measured: string | null } | null>(null);
  const [adding, setAdding] = useState(false);
  const [pagesOpen, setPagesOpen] = useState(false);
  /** The last page whose sheet has been painted (thumbnails wait for the first). */
  const [paintedPage, setPaintedPage] = useState<number | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const space = useRef(false);

  const setTool = (t: Tool) => {
    setToolState(t);
    setDraft(null);
    setHover(null);
  };
  const items = (answer?.items ?? []).filter((i) => !hidden.has(i.budgetId));
  const selected = items.find((i) => i.id === selectedId) ?? null;
  const calibration = answer?.calibrations.find((c) => c.pageNumber === pageNumber) ?? null;
  const scale = answer ? metresPerPoint(calibration, answer.pdfScaleFactor) : null;
  const kind = item ? drawKindOf(item) : null;
  const { markable, target: markTarget, pick: pickMarkTarget, finish: markBuilt, save: saveMarks, quantityDialog: markQuantityDialog } = useMarkTarget({
    marking,
    items,
    answer,
    fileId,
    pageNumber,
    scale,
    onTool: setTool,
    onNotice: sheet.setNotice,
    onSaved: () => {
      notify?.({ type: 'success', message: 'Marks saved: the production’s plan items are updated' });
      navigate(returnTo);
    },
  });
  /** What the next drawing measures: the drawing marked on, or the item picked to draw. */
  const drawing = markTarget ? { unit: markTarget.unit, kind: markTarget.kind } : item && kind ? { unit: item.unit, kind } : null;

  /** The quantity of what is being drawn, live. */
  const liveQuantity = (() => {
    if (!draft || !drawing || kindOfTool(draft.tool) !== drawing.kind) return null;
    const pts = withoutRepeats(hover && draft.tool !== 'count' ? [...draft.points, hover] : draft.points);
    const m = measure(drawing.kind, { points: pts }, drawing.unit, scale);
    return m.ok ? `${quantityText(m.quantityE3)} ${drawing.unit ?? ''}` : m.message;
  })();

  const addPoint = (p: Point) => {
    if (marking) {
      if (!markTarget || kindOfTool(tool) !== markTarget.kind) return;
      return setDraft({ tool: markTarget.kind, points: [...(draftRef.current?.points ?? []), p], color: BUILT_COLOR });
    }
    if (!canEdit) return;
    const drawKind = kindOfTool(tool);
    if (drawKind && (!item || budgetId === null)) return sheet.setNotice('Pick the budget and the item to draw first');
    if (drawKind && kind !== drawKind) return sheet.setNotice(`${item!.name} is measured with the ${kind} tool`);
    const points = [...(draftRef.current?.points ?? []), p];
    if (tool === 'calibrate' && points.length === 2) {
      setDraft(null);
      return setCalibrating([points[0]!, points[1]!]);
    }
    setDraft({ tool: tool as Draft['tool'], points, color: tool === 'calibrate' ? '#d32f2f' : (item?.lineColor ?? DEFAULT_COLOR) });
  };

  const finish = () => {
    const draft = draftRef.current;
    if (!draft) return;
    const points = withoutRepeats(draft.points);
    setDraft(null);
    setHover(null);
    if (points.length < (MIN_POINTS[draft.tool] ?? 1)) return;
    if (marking) return markBuilt(points);
    if (draft.tool === 'opening') {
      if (!selected) return;
      const geometry = { points: selected.geometry.points, openings: [...(selected.geometry.openings ?? []), points] };
      const problem = geometryProblem('area', geometry);
      if (problem) return sheet.setNotice(problem);
      setToolState('select');
      return void sheet.update(selected, { geometry });
    }
    const drawKind = kindOfTool(draft.tool);
    if (!drawKind || !item || budgetId === null || !answer) return;
    const geometry: Geometry = { points };
    const problem = geometryProblem(drawKind, geometry);
    if (problem) return sheet.setNotice(problem);
    const m = measure(drawKind, geometry, item.unit, scale);
    if (answer.requireQuantityOnPDFDraw) return setAsking({ geometry, measured: m.ok ? quantityText(m.quantityE3) : null });
    if (!m.ok) return sheet.setNotice(m.message);
    void sheet.create({ pageNumber, budgetId, itemId: item.id, kind: drawKind, geometry });
  };

  /**
   * A double click finishes the drawing only where its two clicks fell together: two quick clicks at
   * two corners are also a double click to the browser, and must stay two corners.
   */
  const finishOnDoubleClick = () => {
    const [a, b] = draftRef.current?.points.slice(-2) ?? [];
    if (a && b && Math.hypot(a[0] - b[0], a[1] - b[1]) * view.zoom <= DOUBLE_CLICK_PX) finish();
  };

  const removeSelected = () => {
    if (selected && canEdit) {
      setSelectedId(null);
      void sheet.remove(selected);
    }
  };

  const zoomBy = useCallback((factor: number) => setView((v) => zoomAround(v, v.zoom * factor, [viewport.width / 2, viewport.height / 2])), [viewport]);

  // Keyboard: tool letters, Enter finishes, Escape cancels, Delete, undo and redo, space to pan.
  useEditorKeys(space, (e: KeyboardEvent) => {
    const k = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && k === 'z') {
      e.preventDefault();
      void (e.shiftKey ? sheet.redo() : sheet.undo());
    } else if ((e.ctrlKey || e.metaKey) && k === 'y') {
      e.preventDefault();
      void sheet.redo();
    } else if (e.key === 'Enter') finish();
    else if (e.key === 'Escape') {
      setDraft(null);
      setHover(null);
      setSelectedId(null);
    } else if (e.key === 'Delete' || e.key === 'Backspace') removeSelected();
    else if (e.key === ' ') {
      space.current = true;
      e.preventDefault();
    } else if (!e.ctrlKey && !e.metaKey && !e.altKey && TOOL_KEYS[k] && (canEdit || k === 'v' || k === 'h')) setTool(TOOL_KEYS[k]);
    else if (k === '+' || k === '=') zoomBy(1.25);
    else if (k === '-') zoomBy(1 / 1.25);
  });

  const toolRef = useRef(tool);
  toolRef.current = tool;
  const layersRef = useRef<HTMLDivElement>(null);
  useViewportGestures(viewportRef, layersRef, setView, (e) => toolRef.current === 'hand' || space.current || e.button === 1);

  const pageList = pdf && <PageList pdf={pdf} current={pageNumber} ready={paintedPage !== null} onPick={(n) => (goTo(n), setPagesOpen(false))} />;
  const picker = (
    <ItemPicker
      budgets={budgets}
      budgetId={budgetId}
      item={item}
      onBudget={setBudgetId}
      onItem={(picked) => {
        setItem(picked);
        if (picked) setTool(drawKindOf(picked));
      }}
    />
  );
  const markingControls = marking && {
    marking,
    drawings: markable,
    targetId: markTarget?.id ?? null,
    onTarget: pickMarkTarget,
    drawing: !!markTarget && kindOfTool(tool) === markTarget.kind,
    onDraw: () => markTarget && setTool(markTarget.kind),
    canFinish: !!draft && draft.points.length >= (MIN_POINTS[draft.tool] ?? 1),
    onFinish: finish,
    onSave: () => void saveMarks(),
  };
  const panel = answer && (
    <>
      {markingControls && <MarkingPanel {...markingControls} fileId={fileId} pageNumber={pageNumber} onGoTo={goTo} phone={phone} />}
      <SidePanel
        answer={{ ...answer, canEdit }}
        pageNumber={pageNumber}
        budgets={budgets}
        hidden={hidden}
        onToggle={(id) => setHidden((h) => (h.has(id) ? new Set([...h].filter((x) => x !== id)) : new Set([...h, id])))}
        onClear={(id) => void sheet.act(() => api.clear([id], pageNumber))}
        onAddToBudget={() => setAdding(true)}
        picker={picker}
      />
    </>
  );
  const tools = (
    <ToolButtons
      tool={tool}
      onTool={setTool}
      canEdit={canEdit}
      selectedArea={selected?.kind === 'area'}
      onOpening={() => setTool('opening')}
      canDelete={!!selected}
      onDelete={removeSelected}
    />
  );

  if (fileError) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{fileError}</Alert>
      </Box>
    );
  }

  return (
    // The window's height less the shell's top bar (56 px on a phone, 64 px wider, and its 1 px border)
    // and main's padding (16 px, 24 px from md), so the page itself never scrolls.
    <Stack sx={{ height: { xs: 'calc(100dvh - 89px)', sm: 'calc(100dvh - 97px)', md: 'calc(100dvh - 113px)' }, minHeight: 360 }}>
      <Paper square elevation={1} sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, md: 1 }, px: 1, py: 0.5, flexWrap: 'wrap', zIndex: 2 }}>
        {phone && (
          <Tooltip title="Pages">
            <IconButton aria-label="Pages" size="small" onClick={() => setPagesOpen(true)}>
              <AutoStories />
            </IconButton>
          </Tooltip>
        )}
        {/* On a phone the bar is one line: a long file name gives way, the page it is on stays. */}
        <Typography variant="subtitle1" component="h1" sx={{ flex: phone ? '1 1 0' : '1 1 120px', minWidth: 0, display: 'flex', alignItems: 'baseline' }}>
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {fileName || 'Plan editor'}
          </Box>
          {pdf && (
            <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ flex: 'none' }}>
              {'\u00a0'}· {phone ? `${pageNumber}/${pdf.numPages}` : `Page ${pageNumber} of ${pdf.numPages}`}
            </Typography>
          )}
        </Typography>
        {!phone && tools}
        <ViewButtons
          zoom={view.zoom}
          pinch={phone}
          onZoom={zoomBy}
          onFitWidth={() => page && setView(fitWidth(page, viewport))}
          onFitPage={() => page && setView(fitPage(page, viewport))}
          onUndo={() => void sheet.undo()}
          onRedo={() => void sheet.redo()}
          canUndo={canEdit && sheet.canUndo && !sheet.busy}
          canRedo={canEdit && sheet.canRedo && !sheet.busy}
          onClose={close}
        />
        {phone && (
          <Tooltip title="Legend">
            <IconButton aria-label="Legend" size="small" onClick={() => setPanelOpen(true)}>
              <ViewSidebar />
            </IconButton>
          </Tooltip>
        )}
      </Paper>
      <Box sx={{ flex: 1, display: 'flex', minHeight: 0 }}>
        {!phone && <Box sx={{ width: 150, overflowY: 'auto', borderRight: 1, borderColor: 'divider', flex: 'none' }}>{pageList}</Box>}
        <Box
          ref={viewportRef}
          data-testid="sheet-viewport"
          sx={{ position: 'relative', flex: 1, overflow: 'hidden', bgcolor: 'grey.300', touchAction: 'none', userSelect: 'none' }}
        >
          {!pdf || !page || fitted !== pageKey ? (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
              <CircularProgress aria-label="Loading the plan" />
            </Box>
          ) : (
            <Box ref={layersRef} data-testid="sheet-layers" sx={{ position: 'absolute', inset: 0, transformOrigin: '0 0', willChange: 'transform' }}>
              <TileLayer pdf={pdf} pageNumber={pageNumber} page={page} view={view} viewport={viewport} onPainted={setPaintedPage} />
              <DrawingLayer
                view={view}
                viewport={viewport}
                items={items.filter((i) => i.pageNumber === pageNumber)}
                marks={marking ? [...(answer?.marks ?? []).filter((m) => m.productionId !== productionId), ...marking.sheetMarks(fileId, pageNumber)] : (answer?.marks ?? [])}
                selectedId={marking ? (markTarget?.id ?? null) : selectedId}
                editable={canEdit}
                tool={tool}
                draft={draft}
                hover={hover}
                onSelect={marking ? pickMarkTarget : setSelectedId}
                onChange={(it, geometry) => void sheet.update(it, { geometry })}
                onPoint={addPoint}
                onFinish={finishOnDoubleClick}
                onHover={setHover}
              />
            </Box>
          )}
          <Stack spacing={1} sx={{ position: 'absolute', left: 8, right: 8, top: 8, alignItems: 'flex-start', pointerEvents: 'none', '& > *': { pointerEvents: 'auto' } }}>
            {sheet.loadError && <Alert severity="warning">The drawings could not be loaded: {sheet.loadError}</Alert>}
            {sheet.notice && (
              <Alert severity="error" onClose={() => sheet.setNotice(null)}>
                {sheet.notice}
              </Alert>
            )}
            {liveQuantity && <Chip color="primary" label={liveQuantity} data-testid="live-quantity" />}
          </Stack>
        </Box>
        {!phone && panel && <Box sx={{ width: 320, overflowY: 'auto', borderLeft: 1, borderColor: 'divider', flex: 'none' }}>{panel}</Box>}
      </Box>
      {phone && (
        <Paper square elevation={3} sx={{ px: 1, py: 0.5 }} component="nav" aria-label="Drawing tools">
          {markingControls && (
            <Box sx={{ pt: 0.5 }}>
              <MarkingBar {...markingControls} />
            </Box>
          )}
          {tools}
        </Paper>
      )}
      {phone && (
        <>
          <Drawer open={pagesOpen} onClose={() => setPagesOpen(false)} anchor="left">
            <Box sx={{ width: 170 }}>{pageList}</Box>
          </Drawer>
          <Drawer open={panelOpen} onClose={() => setPanelOpen(false)} anchor="right">
            <Box sx={{ width: 320, maxWidth: '90vw' }}>{panel}</Box>
          </Drawer>
        </>
      )}
      {calibrating && (
        <CalibrateDialog
          points={referencePoints(calibrating)}
          onClose={() => setCalibrating(null)}
          onSave={async (distance, unit) => {
            try {
              await api.scale({ pageNumber, reference: calibrating, distance, unit });
              await sheet.reload();
              return null;
            } catch (e) {
              return (e as ApiError).message;
            }
          }}
        />
      )}
      {asking && item && budgetId !== null && kind && (
        <QuantityDialog
          itemName={item.name}
          unit={item.unit}
          measured={asking.measured}
          onClose={() => setAsking(null)}
          onSave={(quantity) => {
            setAsking(null);
            void sheet.create({ pageNumber, budgetId, itemId: item.id, kind, geometry: asking.geometry, quantity });
          }}
        />
      )}
      {markQuantityDialog}
      {leaving && (
        <ConfirmDialog
          title="Leave without saving"
          question="The marks drawn since the last save will be lost."
          confirmLabel="Leave"
          danger
          onConfirm={async () => navigate(returnTo)}
          onClose={() => setLeaving(false)}
        />
      )}
      {adding && budgetId !== null && (
        <AddToBudgetDialog
          api={api}
          budgetId={budgetId}
          budgetLabel={budgetLabel(budgets.find((b) => b.id === budgetId) ?? { id: budgetId, status: 'draft' })}
          onClose={(added) => {
            setAdding(false);
            if (added) void sheet.reload();
          }}
        />
      )}
    </Stack>
  );
}
