// The tab's uploads for the signed-in creator, with the server's list and usage reloaded as they progress.
import type { ReferenceFileList } from '@shark/contracts/reference-files.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { referenceFileKeys } from '#app/features/reference-files/api/reference-file-keys.ts';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';
import { uploadStore } from './upload-store.ts';

const SETTLE_ATTEMPTS = 30;
const SETTLE_DELAY_MS = 2000;

export function useUploads(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => uploadStore.useFor(userId), [userId]);
  const uploads = useSyncExternalStore(uploadStore.subscribe, uploadStore.getSnapshot);

  useEffect(
    () =>
      uploadStore.onEvent((event, upload) => {
        const listKey = referenceFileKeys.list(userId);
        const reloads = [queryClient.invalidateQueries({ queryKey: listKey })];
        // A started upload holds its room in the plan; a refused one gives it back.
        if (event !== 'finished')
          reloads.push(queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }));
        if (event !== 'finished') return;
        // Once the list shows the finished file, its status there takes over from the progress bar;
        // a reload that failed (the connection again) is tried again a little later.
        const settle = (attempt: number) => {
          const listed = queryClient
            .getQueryData<ReferenceFileList>(listKey)
            ?.files.find((f) => f.id === upload.fileId);
          if (listed && listed.status !== 'uploading') uploadStore.dismiss(upload.key);
          else if (attempt < SETTLE_ATTEMPTS) {
            setTimeout(
              () =>
                void queryClient
                  .invalidateQueries({ queryKey: listKey })
                  .then(() => settle(attempt + 1)),
              SETTLE_DELAY_MS,
            );
          }
        };
        void Promise.all(reloads).then(() => settle(1));
      }),
    [queryClient, userId],
  );

  return {
    uploads,
    add: uploadStore.add,
    retry: uploadStore.retry,
    stop: uploadStore.stop,
    dismiss: uploadStore.dismiss,
  };
}
