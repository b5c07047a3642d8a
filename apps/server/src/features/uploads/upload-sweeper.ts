// Removes uploads left unfinished for longer than UPLOAD_EXPIRY_HOURS: once at start, then every hour.
import type { Logger } from '#server/http/logger.ts';
import type { UploadService } from './upload-service.ts';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function startUploadSweeper(
  uploads: Pick<UploadService, 'sweepExpired'>,
  logger: Logger,
  intervalMs = SWEEP_INTERVAL_MS,
) {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = running.then(async () => {
      try {
        const removed = await uploads.sweepExpired();
        if (removed > 0) logger.info('expired uploads removed', { removed });
      } catch (error) {
        logger.warn('expired uploads could not be removed', { error: (error as Error).message });
      }
    });
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    /** Stops the timer and waits for a sweep in progress, so the database can close after it. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
