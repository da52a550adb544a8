/**
 * Runs a task one at a time, however often it is asked for. A request that arrives during a run
 * gets one more run after it, since what it asks for (a row just queued, say) may have come too
 * late for the current run to see; requests made meanwhile share that one run. Each caller's
 * promise settles after a run that started after its request.
 */
export function serialRunner<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const request = (): Promise<T> => {
    if (!running) {
      running = task().finally(() => {
        running = undefined;
      });
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return request();
      });
    return next;
  };
  return request;
}
