// POST /api/likeness/faces/detect: the faces in a photo she sends, or in one of her picture reference
// files, each to pick for a while. Nothing is cached: the candidates expire.
import { detectedFacesSchema, type DetectedFaces } from '@shark/contracts/likeness.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { uploadFile } from '#app/lib/upload-file.ts';

export type FacePhoto = { kind: 'upload'; file: File } | { kind: 'reference'; fileId: string };

export function detectFaces(photo: FacePhoto): Promise<DetectedFaces> {
  if (photo.kind === 'upload') {
    return uploadFile('/api/likeness/faces/detect', {
      file: photo.file,
      schema: detectedFacesSchema,
    });
  }
  return api.post(
    '/api/likeness/faces/detect',
    { referenceFileId: photo.fileId },
    detectedFacesSchema,
  );
}

export function useDetectFaces() {
  return useMutation({ mutationFn: detectFaces });
}
