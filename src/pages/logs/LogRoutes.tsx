import { Route, Routes } from 'react-router';
import { LogsPage } from './LogsPage';

/** logs (the Daily Log with its check-in card) and logs/:logId (one log in a drawer over it). */
export function LogRoutes() {
  return (
    <Routes>
      <Route index element={<LogsPage />} />
      <Route path=":logId" element={<LogsPage />} />
    </Routes>
  );
}
