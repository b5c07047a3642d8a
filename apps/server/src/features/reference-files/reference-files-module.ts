// Reference files: the fingerprinting of each uploaded file once its bytes are in, and the deletion
// of a file with everything made from it; lost fingerprint jobs are sent again at start. The uploads
// themselves and the Uploaded Files list are the uploads feature's (uploads-module.ts).
import type { Platform } from '#server/app/platform.ts';
import { featureModule } from '#server/app/feature-module.ts';
import { fingerprintReferenceFileJob } from '#server/jobs/job-catalog.ts';
import { createReferenceFileProcessingRepository } from './reference-file-processing-repository.ts';
import { createReferenceFileService } from './reference-file-service.ts';

export function createReferenceFilesModule(platform: Platform) {
  const { storage, logger, jobs } = platform;
  const referenceFiles = createReferenceFileService({
    files: createReferenceFileProcessingRepository(platform.database.db),
    storage,
    logger,
    fingerprints: platform.fingerprints,
  });
  return featureModule('reference-files', referenceFiles, {
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
  });
}
