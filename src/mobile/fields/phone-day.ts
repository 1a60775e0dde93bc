import { todayIn } from '../../../resources/time-zone';

/** Today on the phone's own calendar (YYYY-MM-DD): a check-in at 9 pm in Texas is that day, not tomorrow in UTC. */
export const phoneDay = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);
