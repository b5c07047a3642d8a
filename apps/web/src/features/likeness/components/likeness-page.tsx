// The likeness page (Premium's deep fake protection): she agrees to the consent text, adds a face
// (a photo she uploads, or one of her picture reference files), picks her face among those found, sees
// her enrolled faces, removes one, or deletes her whole enrolment.
import {
  LIKENESS_PHOTO_MAX_BYTES,
  giveLikenessConsentSchema,
  type DetectedFaces,
  type LikenessEnrolment,
} from '@shark/contracts/likeness.ts';
import { Link } from '@tanstack/react-router';
import { ScanFace, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useDeleteLikeness } from '#app/features/likeness/api/delete-likeness.ts';
import { useDetectFaces, type FacePhoto } from '#app/features/likeness/api/detect-faces.ts';
import { useEnrolFace } from '#app/features/likeness/api/enrol-face.ts';
import { useLikeness } from '#app/features/likeness/api/get-likeness.ts';
import { useGiveLikenessConsent } from '#app/features/likeness/api/give-likeness-consent.ts';
import { useRemoveEnrolledFace } from '#app/features/likeness/api/remove-enrolled-face.ts';
import { useReferenceFiles } from '#app/features/reference-files/api/get-reference-files.ts';
import { isApiClientError } from '#app/lib/api.ts';

const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : 'Something unexpected happened. Try again.';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The add-a-face form: a photo of hers, or one of her picture reference files. */
const facePhotoSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('upload'),
    file: z
      .instanceof(File, { message: 'Choose a photo.' })
      .refine((file) => file.size > 0, 'Choose a photo.')
      .refine(
        (file) => file.size <= LIKENESS_PHOTO_MAX_BYTES,
        `The photo is too large: at most ${LIKENESS_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
      ),
  }),
  z.object({ kind: z.literal('reference'), fileId: z.string().min(1, 'Choose a picture.') }),
]);

export function LikenessPage({ userId }: { userId: string }) {
  const enrolment = useLikeness(userId);
  return (
    <PageFrame
      title="Deep fake protection"
      description="Enrol your face so that scans look for pictures of you — and forgeries of your face — on the pages they visit. Every picture found is reviewed before any notice is sent."
    >
      {enrolment.isPending ? (
        <Spinner />
      ) : enrolment.isError ? (
        <Alert variant="error">
          {errorMessage(enrolment.error)}{' '}
          {isApiClientError(enrolment.error) && enrolment.error.status === 403 ? (
            <Link to="/plans" className="underline underline-offset-4">
              See plans
            </Link>
          ) : null}
        </Alert>
      ) : enrolment.data.consent?.version !== enrolment.data.consentText.version ? (
        <ConsentStep userId={userId} enrolment={enrolment.data} />
      ) : (
        <div className="grid gap-8">
          <EnrolledFaces userId={userId} enrolment={enrolment.data} />
          {enrolment.data.faces.length < enrolment.data.maxFaces ? (
            <AddFace userId={userId} />
          ) : (
            <Alert>
              You have enrolled {enrolment.data.maxFaces} faces, the most there can be. Remove one
              to add another.
            </Alert>
          )}
          <DeleteEnrolment userId={userId} consentedAt={enrolment.data.consent.consentedAt} />
        </div>
      )}
    </PageFrame>
  );
}

function ConsentStep({ userId, enrolment }: { userId: string; enrolment: LikenessEnrolment }) {
  const consent = useGiveLikenessConsent(userId);
  const [error, setError] = useState<string>();
  const headingId = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = giveLikenessConsentSchema.safeParse({
      version: enrolment.consentText.version,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    consent.mutate(parsed.data.version, { onError: (e) => setError(errorMessage(e)) });
  };
  return (
    <Card className="grid gap-4 p-6">
      <form aria-labelledby={headingId} className="grid gap-4" onSubmit={onSubmit}>
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          {enrolment.consent ? 'The consent text has changed' : 'Your consent'}
        </h2>
        <div className="grid gap-3 text-sm" data-testid="likeness-consent-text">
          {enrolment.consentText.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <div>
          <Button type="submit" disabled={consent.isPending}>
            {consent.isPending ? <Spinner /> : null}I agree
          </Button>
        </div>
      </form>
    </Card>
  );
}

function EnrolledFaces({ userId, enrolment }: { userId: string; enrolment: LikenessEnrolment }) {
  const remove = useRemoveEnrolledFace(userId);
  const [error, setError] = useState<string>();
  if (enrolment.faces.length === 0) {
    return (
      <EmptyState icon={ScanFace} title="No face enrolled yet">
        Add a photo of yourself below and pick your face: scans then look for pictures of it.
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="enrolled-faces-heading">
      <h2 id="enrolled-faces-heading" className="text-xl font-semibold tracking-tight">
        Your enrolled faces ({enrolment.faces.length} of {enrolment.maxFaces})
      </h2>
      {error ? (
        <Alert variant="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-5">
        {enrolment.faces.map((face, index) => (
          <li key={face.id} className="grid gap-2" data-testid="enrolled-face">
            <img
              src={face.cropUrl}
              alt={`Your enrolled face ${index + 1}`}
              className="aspect-square w-full rounded-lg border object-cover"
            />
            <p className="text-xs text-muted-foreground">
              {face.source === 'upload' ? 'From a photo' : 'From your uploaded files'},{' '}
              {dateOf(face.createdAt)}
            </p>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(face.id, {
                  onSuccess: () => setError(undefined),
                  onError: (e) => setError(errorMessage(e)),
                })
              }
            >
              <Trash2 aria-hidden="true" />
              Remove
              <span className="sr-only"> face {index + 1}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AddFace({ userId }: { userId: string }) {
  const detect = useDetectFaces();
  const enrol = useEnrolFace(userId);
  const references = useReferenceFiles(userId);
  const [found, setFound] = useState<DetectedFaces>();
  const [error, setError] = useState<string>();
  const [kind, setKind] = useState<FacePhoto['kind']>('upload');
  const headingId = useId();
  const pictures = (references.data?.files ?? []).filter(
    (file) => file.mediaType === 'image' && file.status !== 'uploading',
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = facePhotoSchema.safeParse(
      kind === 'upload'
        ? { kind, file: data.get('file') }
        : { kind, fileId: data.get('referenceFileId') ?? '' },
    );
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setFound(undefined);
    detect.mutate(parsed.data, {
      onSuccess: setFound,
      onError: (e) => setError(errorMessage(e)),
    });
  };

  const pick = (token: string) => {
    enrol.mutate(token, {
      onSuccess: () => {
        setFound(undefined);
        setError(undefined);
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <Card className="grid gap-4 p-6">
      <form aria-labelledby={headingId} className="grid gap-4" onSubmit={onSubmit}>
        <h2 id={headingId} className="text-xl font-semibold tracking-tight">
          Add a face
        </h2>
        <p className="text-sm text-muted-foreground">
          A clear, well-lit photo of your face, looking at the camera. Shark finds the faces in it
          and you pick yours; the photo itself is not kept.
        </p>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">Where the photo comes from</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="kind"
              checked={kind === 'upload'}
              onChange={() => setKind('upload')}
            />
            Upload a photo
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="kind"
              checked={kind === 'reference'}
              onChange={() => setKind('reference')}
            />
            One of my uploaded pictures
          </label>
        </fieldset>
        {kind === 'upload' ? (
          <label className="grid gap-1 text-sm font-medium">
            Photo
            <input
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp"
              className="text-sm font-normal"
            />
          </label>
        ) : pictures.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            You have no uploaded pictures.{' '}
            <Link to="/file-uploads" className="text-primary underline-offset-4 hover:underline">
              Upload files
            </Link>
          </p>
        ) : (
          <label className="grid gap-1 text-sm font-medium">
            Picture
            <select
              name="referenceFileId"
              className="h-10 rounded-lg border bg-background px-3 font-normal"
            >
              {pictures.map((file) => (
                <option key={file.id} value={file.id}>
                  {file.fileName}
                </option>
              ))}
            </select>
          </label>
        )}
        {error ? <Alert variant="error">{error}</Alert> : null}
        <div>
          <Button type="submit" disabled={detect.isPending}>
            {detect.isPending ? <Spinner /> : null}Find faces
          </Button>
        </div>
      </form>
      {found ? (
        <section aria-labelledby="found-faces-heading" className="grid gap-3">
          <h3 id="found-faces-heading" className="font-semibold">
            {found.faces.length === 1
              ? 'Is this you? Enrol it if it is.'
              : `${found.faces.length} faces found. Pick yours.`}
          </h3>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-5">
            {found.faces.map((face, index) => (
              <li key={face.token} className="grid gap-2" data-testid="found-face">
                <img
                  src={face.cropDataUrl}
                  alt={`Face ${index + 1} found in the photo`}
                  className="aspect-square w-full rounded-lg border object-cover"
                />
                <Button
                  type="button"
                  size="sm"
                  disabled={enrol.isPending}
                  onClick={() => pick(face.token)}
                >
                  This is me<span className="sr-only"> (face {index + 1})</span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Card>
  );
}

function DeleteEnrolment({ userId, consentedAt }: { userId: string; consentedAt: string }) {
  const remove = useDeleteLikeness(userId);
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="delete-enrolment-heading" className="grid gap-2">
      <h2 id="delete-enrolment-heading" className="text-xl font-semibold tracking-tight">
        Your consent
      </h2>
      <p className="text-sm text-muted-foreground">
        You agreed on {dateOf(consentedAt)}. Deleting your enrolment withdraws your consent and
        removes every enrolled face and its crop at once; scans stop looking for your face.
      </p>
      <div>
        <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
          Delete my enrolment
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) remove.reset();
        }}
        title="Delete your enrolment?"
        description="Your consent, every enrolled face and every crop are removed at once. Scans stop looking for your face until you enrol again."
        confirmLabel="Delete everything"
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : undefined}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setOpen(false) })}
      />
    </section>
  );
}
