// When a face found on a scanned page counts as the creator's.

/**
 * The least cosine similarity between a found face and one of her enrolled faces for a likeness
 * finding. Chosen on the face evaluation (`npm run eval:faces`) for a false-accept rate of about
 * 1 in 1,000 comparisons; every likeness finding is reviewed before anything is sent.
 */
export const LIKENESS_THRESHOLD = 0.93;

/**
 * The recognition network whose embeddings `facesIn` makes (face-search.ts): stored with each enrolled
 * face, since embeddings of different models are never compared.
 */
export const FACE_MODEL = 'face-api-dlib-resnet-v1';
