import { flightBoard } from '../builders/flight-board.js';
import { reportRoutes } from '../report-route.js';

export const flightBoardRoutes = reportRoutes(
  'flight-board',
  "every active project of the company: schedule, percent complete by amount, production this week against last (Monday-based, the company's days), open tasks, damages and locates expiring within 7 days or expired, money billed, outstanding and overdue; every figure from the figures model, one question per figure grouped by project",
  (services, actor) => flightBoard(services, actor),
);
