// Where the reference pictures that tests, the evaluation and the benchmarks read live in the repository.
import { fileURLToPath } from 'node:url';

/** Meta's PDQ reference vectors: expected.csv and images/ (see testdata/pdq/README.md). */
export const PDQ_TESTDATA_DIR = fileURLToPath(new URL('../testdata/pdq/', import.meta.url));

/** The photos among the PDQ reference vectors. */
export const PDQ_IMAGES_DIR = fileURLToPath(new URL('../testdata/pdq/images/', import.meta.url));
