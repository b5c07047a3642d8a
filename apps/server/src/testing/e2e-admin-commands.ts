// Admin-socket commands the end-to-end suite seeds records with that no page of the simulated web
// makes yet: a likeness finding of a creator (her enrolled face and a face found on a page), recorded
// through the findings service as a scan records one. main.ts adds them only when the e2e server
// sets SHARK_E2E_COMMANDS=1; a production server never loads this file.
import { z } from 'zod';
import type { Services } from '#server/app/server.ts';
import {
  parseCommandBody,
  type OperatorCommand,
} from '#server/features/admin/operator-command-kit.ts';
import { enrolFace, recordLikeness } from '#server/features/findings/testing/likeness-findings.ts';

const likenessFindingSchema = z.object({
  email: z.string().min(1),
  pageUrl: z.url(),
  similarity: z.number().min(0).max(1).optional(),
});

export function e2eAdminCommands(services: Services): Record<string, OperatorCommand> {
  return {
    'e2e/likeness-finding': async (body) => {
      const { email, pageUrl, similarity } = parseCommandBody(likenessFindingSchema, body);
      const { id: userId } = await services.accounts.showByEmail(email);
      const enrolledFaceId = await enrolFace(services, userId);
      return recordLikeness(services, userId, pageUrl, { enrolledFaceId, similarity });
    },
  };
}
