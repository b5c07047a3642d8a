// The face networks, run in this thread by TensorFlow.js on its WebAssembly backend: a face detector,
// a 68-landmark network and the recognition network (128 numbers per face). The weights ship inside
// the @vladmandic/face-api package and the WebAssembly inside @tensorflow/tfjs-backend-wasm: nothing
// is fetched at run time. Loaded once per thread, on first use.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Tf from '@tensorflow/tfjs';
import { faceNetworks, type FaceApiParams, type FaceNetworks } from './face-networks.ts';

interface Net {
  loadFromDisk(directory: string): Promise<void>;
  params: unknown;
}

/** The part of face-api Shark uses: its TensorFlow.js and its networks' loaders and weights. */
interface FaceApi {
  tf: typeof Tf;
  nets: {
    tinyFaceDetector: Net;
    faceLandmark68Net: Net & { faceFeatureExtractor: Net };
    faceRecognitionNet: Net;
  };
}

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
  // face-api's Node build loads TensorFlow.js with a log line about tfjs-node; keep it off the log.
  const info = console.info;
  const log = console.log;
  console.info = () => undefined;
  console.log = () => undefined;
  let faceapi: FaceApi;
  try {
    faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  } finally {
    console.info = info;
    console.log = log;
  }
  const wasm = require('@tensorflow/tfjs-backend-wasm') as WasmBackend;
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  wasm.setWasmPaths(`${wasmDir}${path.sep}`);
  if (!(await faceapi.tf.setBackend('wasm'))) {
    throw new Error('TensorFlow.js could not start its WebAssembly backend');
  }
  await faceapi.tf.ready();
  faceapi.tf.enableProdMode();
  const models = path.join(
    path.dirname(require.resolve('@vladmandic/face-api/package.json')),
    'model',
  );
  const { tinyFaceDetector, faceLandmark68Net, faceRecognitionNet } = faceapi.nets;
  await tinyFaceDetector.loadFromDisk(models);
  await faceLandmark68Net.loadFromDisk(models);
  await faceRecognitionNet.loadFromDisk(models);
  const landmarks = faceLandmark68Net.params as { fc: FaceApiParams['landmarks']['fc'] };
  const features = faceLandmark68Net.faceFeatureExtractor.params as Record<
    'dense0' | 'dense1' | 'dense2' | 'dense3',
    FaceApiParams['landmarks']['dense'][number]
  >;
  return faceNetworks(faceapi.tf, {
    detector: tinyFaceDetector.params as FaceApiParams['detector'],
    landmarks: {
      fc: landmarks.fc,
      dense: [
        features.dense0,
        features.dense1,
        features.dense2,
        features.dense3,
      ] as FaceApiParams['landmarks']['dense'],
    },
    recognition: faceRecognitionNet.params as FaceApiParams['recognition'],
  });
}
