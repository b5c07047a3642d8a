// Reference files: tus uploads, the Uploaded Files list, and the fingerprinting of each file once its
// bytes are in; unfinished uploads are swept, lost fingerprint jobs sent again at start.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { createReferenceFileRepository } from '#server/features/uploads/reference-file-repository.ts';
import { referenceFileRoutes } from '#server/features/uploads/reference-file-routes.ts';
import { uploadRoutes } from '#server/features/uploads/upload-routes.ts';
import { createUploadService } from '#server/features/uploads/upload-service.ts';
import { createUploadedFileService } from '#server/features/uploads/uploaded-file-service.ts';
import { createReferenceFileProcessingRepository } from './reference-file-processing-repository.ts';
import { createReferenceFileService } from './reference-file-service.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import { fingerprintReferenceFileJob } from '#server/jobs/job-catalog.ts';

export async function createReferenceFilesModule(
  platform: Platform,
  deps: { entitlements: Entitlements },
) {
  const { config, storage, logger, jobs } = platform;
  const { entitlements } = deps;
  const referenceFiles = createReferenceFileService({
    files: createReferenceFileProcessingRepository(platform.database.db),
    storage,
    logger,
    fingerprints: platform.fingerprints,
  });
  const files = createReferenceFileRepository(platform.database.db);
  const uploads = await createUploadService({ config, storage, files, entitlements, jobs, logger });
  const uploadedFiles = createUploadedFileService({
    files,
    storage,
    uploads,
    deleteReferenceFile: (userId, fileId) => referenceFiles.deleteReferenceFile(userId, fileId),
    maxUploadBytes: config.uploads.maxBytes,
  });
  return featureModule(
    'reference-files',
    { referenceFiles, uploads, uploadedFiles },
    {
      routes: ({ auth }) => [
        mount(uploadRoutes({ auth, entitlements, uploads })),
        mount(referenceFileRoutes({ auth, entitlements, uploadedFiles })),
      ],
      jobs: {
        'reference-file.fingerprint': ({ fileId }, context) =>
          referenceFiles.fingerprint(fileId, context),
      },
      // Jobs lost between a row's change and its send (a crash, a send that failed) are sent again.
      recover: async () => {
        const unfinished = await referenceFiles.findUnfinished(
          fingerprintReferenceFileJob.timeoutSeconds,
        );
        for (const fileId of unfinished) await jobs.send('reference-file.fingerprint', { fileId });
      },
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
