import { metrics } from './registry';
import { routeLabel, statusClass } from './labels';

/** One request's end, as the request log sees it (lib/server/request-log.ts). */
type RequestOutcome = {
  /** Its route pattern (lib/http/route-pattern.ts). */
  route: string;
  status: number;
  seconds: number;
  /** How the shared-document store answered it. */
  cache: 'hit' | 'stale' | 'miss' | 'bypass';
};

/** What counts a request once it is over, or undefined when metrics are off (then nothing is measured). */
export function requestObserver(): ((outcome: RequestOutcome) => void) | undefined {
  const live = metrics();
  if (!live) return undefined;
  return ({ route, status, seconds, cache }) => {
    live.requestDuration.observe({ route: routeLabel(route), status_class: statusClass(status) }, seconds);
    live.documentStoreAnswers.inc({ cache });
  };
}
