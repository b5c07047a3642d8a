// Uploads: tus uploads of reference files, the Uploaded Files list, and the sweep of unfinished
// uploads. Deleting a processed file (with its fingerprint) is the reference-files feature's.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import { createReferenceFileRepository } from './reference-file-repository.ts';
import { referenceFileRoutes } from './reference-file-routes.ts';
import { uploadRoutes } from './upload-routes.ts';
import { createUploadService } from './upload-service.ts';
import { createUploadedFileService } from './uploaded-file-service.ts';

export async function createUploadsModule(
  platform: Platform,
  deps: {
    entitlements: Entitlements;
    /** Deletes a file the fingerprint job has taken over, with everything made from it. */
    deleteReferenceFile: (userId: string, fileId: string) => Promise<void>;
  },
) {
  const { config, storage, logger, jobs } = platform;
  const { entitlements } = deps;
  const files = createReferenceFileRepository(platform.database.db);
  const uploads = await createUploadService({ config, storage, files, entitlements, jobs, logger });
  const uploadedFiles = createUploadedFileService({
    files,
    storage,
    uploads,
    deleteReferenceFile: deps.deleteReferenceFile,
    maxUploadBytes: config.uploads.maxBytes,
  });
  return featureModule(
    'uploads',
    { uploads, uploadedFiles },
    {
      routes: ({ auth }) => [
        mount(uploadRoutes({ auth, entitlements, uploads })),
        mount(referenceFileRoutes({ auth, entitlements, uploadedFiles })),
      ],
      schedules: [
        // Uploads left unfinished for longer than UPLOAD_EXPIRY_HOURS.
        {
          name: 'upload sweep',
          everySeconds: 60 * 60,
          run: async () => {
            const removed = await uploads.sweepExpired();
            if (removed > 0) logger.info('expired uploads removed', { removed });
          },
        },
      ],
    },
  );
}
