// The face networks, run in this thread by TensorFlow.js's core on its WebAssembly backend: a face
// detector, a 68-landmark network and the recognition network (128 numbers per face). The weights
// ship inside the @vladmandic/face-api package (only its model files are read, not its code) and the
// WebAssembly inside @tensorflow/tfjs-backend-wasm: nothing is fetched at run time. Loaded once per
// thread, on first use.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Tf from '@tensorflow/tfjs-core';
import { faceNetworks, type FaceApiParams, type FaceNetworks } from './face-networks.ts';
import { loadWeights } from './face-weights.ts';

interface WasmBackend {
  setWasmPaths(prefix: string, usePlatformFetch?: boolean): void;
}

export type FaceRuntime = FaceNetworks;

let loading: Promise<FaceRuntime> | undefined;

/** The thread's face networks, loaded on the first call. */
export function faceRuntime(): Promise<FaceRuntime> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Runs `start` and removes the process listeners it added: the WebAssembly module's loader rethrows
 * every uncaught exception and unhandled rejection of the process, which is the host's business.
 */
async function withoutAddedProcessListeners<T>(start: () => Promise<T>): Promise<T> {
  const exceptions = new Set(process.listeners('uncaughtException'));
  const rejections = new Set(process.listeners('unhandledRejection'));
  try {
    return await start();
  } finally {
    for (const listener of process.listeners('uncaughtException')) {
      if (!exceptions.has(listener)) process.removeListener('uncaughtException', listener);
    }
    for (const listener of process.listeners('unhandledRejection')) {
      if (!rejections.has(listener)) process.removeListener('unhandledRejection', listener);
    }
  }
}

function load(): Promise<FaceRuntime> {
  return withoutAddedProcessListeners(loadNetworks);
}

async function loadNetworks(): Promise<FaceRuntime> {
  const require = createRequire(import.meta.url);
  // TensorFlow.js's core logs a suggestion to install its native Node backend; keep it off the log.
  const { warn, info, log } = console;
  console.warn = console.info = console.log = () => undefined;
  let tf: typeof Tf;
  try {
    tf = require('@tensorflow/tfjs-core') as typeof Tf;
    const wasm = require('@tensorflow/tfjs-backend-wasm') as WasmBackend;
    const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
    wasm.setWasmPaths(`${wasmDir}${path.sep}`);
    if (!(await tf.setBackend('wasm'))) {
      throw new Error('TensorFlow.js could not start its WebAssembly backend');
    }
    await tf.ready();
  } finally {
    Object.assign(console, { warn, info, log });
  }
  tf.enableProdMode();
  const models = path.join(
    path.dirname(require.resolve('@vladmandic/face-api/package.json')),
    'model',
  );
  const landmarks = loadWeights(tf, models, 'face_landmark_68_model') as unknown as {
    fc: FaceApiParams['landmarks']['fc'];
  } & Record<
    'dense0' | 'dense1' | 'dense2' | 'dense3',
    FaceApiParams['landmarks']['dense'][number]
  >;
  const networks = faceNetworks(tf, {
    detector: loadWeights(
      tf,
      models,
      'tiny_face_detector_model',
    ) as unknown as FaceApiParams['detector'],
    landmarks: {
      fc: landmarks.fc,
      dense: [
        landmarks.dense0,
        landmarks.dense1,
        landmarks.dense2,
        landmarks.dense3,
      ] as FaceApiParams['landmarks']['dense'],
    },
    recognition: loadWeights(
      tf,
      models,
      'face_recognition_model',
    ) as unknown as FaceApiParams['recognition'],
  });
  await networks.warmUp();
  return networks;
}
