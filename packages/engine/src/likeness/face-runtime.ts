// The face networks, run in this thread by TensorFlow.js on its WebAssembly backend: a face detector,
// a 68-landmark network and the recognition network (128 numbers per face). The weights ship inside
// the @vladmandic/face-api package and the WebAssembly inside @tensorflow/tfjs-backend-wasm: nothing
// is fetched at run time. Loaded once per thread, on first use.
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Point } from './face-align.ts';

interface Tensor {
  dispose(): void;
}

interface Net {
  loadFromDisk(directory: string): Promise<void>;
}

interface LandmarkedFace {
  detection: { score: number; box: { x: number; y: number; width: number; height: number } };
  landmarks: { positions: Point[] };
}

/** The part of face-api's API Shark uses (its own typings pull all of TensorFlow.js's in). */
interface FaceApi {
  tf: {
    setBackend(name: string): Promise<boolean>;
    ready(): Promise<void>;
    enableProdMode(): void;
    getBackend(): string;
    tensor3d(values: Int32Array, shape: [number, number, number], dtype: 'int32'): Tensor;
  };
  nets: {
    tinyFaceDetector: Net;
    faceLandmark68Net: Net;
    faceLandmark68TinyNet: Net;
    faceRecognitionNet: Net & {
      computeFaceDescriptor(input: Tensor): Promise<Float32Array | Float32Array[]>;
    };
  };
  TinyFaceDetectorOptions: new (options: { inputSize: number; scoreThreshold: number }) => object;
  detectAllFaces(
    input: Tensor,
    options: object,
  ): { withFaceLandmarks(useTinyLandmarkNet?: boolean): Promise<LandmarkedFace[]> };
}

interface WasmBackend {
  setWasmPaths(prefix: string, usePlatformFetch?: boolean): void;
}

export interface FaceRuntime {
  /** Faces in an RGB picture, with their 68 landmarks, in picture pixels. */
  detect(
    rgb: Uint8Array,
    width: number,
    height: number,
    options: { inputSize: number; minScore: number; tinyLandmarks?: boolean },
  ): Promise<LandmarkedFace[]>;
  /** The recognition network's 128 numbers for a 150×150 RGB chip. */
  embed(chip: Uint8Array, size: number): Promise<Float32Array>;
}

let loading: Promise<FaceRuntime> | undefined;

/** The thread's face networks, loaded on the first call. */
export function faceRuntime(): Promise<FaceRuntime> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

function toInt32(bytes: Uint8Array): Int32Array {
  const values = new Int32Array(bytes.length);
  values.set(bytes);
  return values;
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
  await faceapi.nets.tinyFaceDetector.loadFromDisk(models);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(models);
  await faceapi.nets.faceLandmark68TinyNet.loadFromDisk(models);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(models);

  return {
    async detect(rgb, width, height, { inputSize, minScore, tinyLandmarks = false }) {
      const input = faceapi.tf.tensor3d(toInt32(rgb), [height, width, 3], 'int32');
      try {
        const options = new faceapi.TinyFaceDetectorOptions({
          inputSize,
          scoreThreshold: minScore,
        });
        return await faceapi.detectAllFaces(input, options).withFaceLandmarks(tinyLandmarks);
      } finally {
        input.dispose();
      }
    },
    async embed(chip, size) {
      const input = faceapi.tf.tensor3d(toInt32(chip), [size, size, 3], 'int32');
      try {
        const descriptor = await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(input);
        return Array.isArray(descriptor) ? descriptor[0]! : descriptor;
      } finally {
        input.dispose();
      }
    },
  };
}
