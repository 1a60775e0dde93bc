import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingView } from '../../shell/LoadingView';
import { TasksPage } from './TasksPage';

// One task's page (files, comments, activity) loads only when opened.
const TaskPage = lazy(() => import('./TaskPage').then((m) => ({ default: m.TaskPage })));

/** tasks (grid or board), tasks/create (the new task dialog over it) and tasks/:taskId (one task). */
export function TaskRoutes() {
  return (
    <Suspense fallback={<LoadingView />}>
      <Routes>
        <Route index element={<TasksPage />} />
        <Route path="create" element={<TasksPage dialog="create" />} />
        <Route path=":taskId" element={<TaskPage />} />
      </Routes>
    </Suspense>
  );
}
