import { MyAlertsPage } from '@/features/alerts/routes/MyAlertsPage';
import { applyAction } from './apply-action';

/** /my-alerts: the saved searches and what they matched (alerts), each case with the apply action (matching). */
export function MyAlertsRoute() {
  return <MyAlertsPage applyAction={applyAction} />;
}
