import { lazy, Suspense, useEffect, useState } from 'react';
import { ChatAlerts } from './chat/ChatAlerts';
import { useShellPanels, type ShellPanel } from './panels';

const ChatPanel = lazy(() => import('./chat/ChatPanel'));
const QuickPanel = lazy(() => import('./quick-panel/QuickPanel'));

/**
 * The team chat and the quick panel, each loaded the first time it opens and kept mounted after (so
 * it closes with its slide), and the chat's pop-ups and chimes, which listen all the time.
 */
export function TeamPanels() {
  const { open } = useShellPanels();
  const [used, setUsed] = useState<Set<ShellPanel>>(new Set());
  useEffect(() => {
    if (open && !used.has(open)) setUsed(new Set(used).add(open));
  }, [open, used]);
  return (
    <>
      <ChatAlerts />
      <Suspense fallback={null}>
        {used.has('chat') && <ChatPanel />}
        {used.has('quick') && <QuickPanel />}
      </Suspense>
    </>
  );
}
