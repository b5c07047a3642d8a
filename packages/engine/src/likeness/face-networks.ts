// The forward passes of the three face networks (face-api's Tiny Face Detector, its 68-landmark
// network and its port of dlib's ResNet recognition network), run on the weights face-api ships but
// written for speed and bounded memory: every convolution is one fused kernel (bias and activation
// included; the recognition network's scale layers are folded into its filters once), and each
// layer's input is released as soon as the next layer exists, so the working memory is that of two
// layers rather than of the whole network. The results are those of face-api's own passes up to
// floating-point rounding.
import type * as Tf from '@tensorflow/tfjs-core';
import type { Point } from './face-align.ts';
import { cutSquare, squareAround } from './face-crop.ts';

type TF = typeof Tf;
type T4 = Tf.Tensor4D;
type T1 = Tf.Tensor1D;

interface ConvParams {
  filters: T4;
  bias: T1;
}
interface SeparableParams {
  depthwise_filter: T4;
  pointwise_filter: T4;
  bias: T1;
}
interface ScaledConvParams {
  conv: ConvParams;
  scale: { weights: T1; biases: T1 };
}
interface ResidualParams {
  conv1: ScaledConvParams;
  conv2: ScaledConvParams;
}

/** The parameters of face-api's networks, as its loaded nets hold them. */
export interface FaceApiParams {
  detector: Record<'conv0' | 'conv8', ConvParams> &
    Record<'conv1' | 'conv2' | 'conv3' | 'conv4' | 'conv5', SeparableParams>;
  landmarks: {
    fc: { weights: Tf.Tensor2D; bias: T1 };
    dense: [
      { conv0: ConvParams; conv1: SeparableParams; conv2: SeparableParams; conv3: SeparableParams },
      ...Record<'conv0' | 'conv1' | 'conv2' | 'conv3', SeparableParams>[],
    ];
  };
  recognition: Record<string, ScaledConvParams | ResidualParams> & { fc: Tf.Tensor2D };
}

export interface DetectedBox {
  /** In pixels of the detector's canvas. */
  box: { x: number; y: number; width: number; height: number };
  score: number;
}

export interface FaceNetworks {
  /** Faces in a `width`×`height` RGB canvas (0–255 values, row-major; both sides multiples of 32). */
  detect(
    canvas: Float32Array,
    width: number,
    height: number,
    minScore: number,
  ): Promise<DetectedBox[]>;
  /**
   * The 68 landmarks of each box (in pixels of the picture) in a `width`×`height` RGB picture (0–255
   * values, row-major, any size).
   */
  landmarks(
    picture: Uint8Array,
    width: number,
    height: number,
    boxes: readonly DetectedBox['box'][],
  ): Promise<Point[][]>;
  /** The recognition network's 128 numbers for each 150×150 RGB chip, in one pass for all. */
  embed(chips: readonly Uint8Array[], size: number): Promise<Float32Array[]>;
  /**
   * Runs each network once on a blank input, the detector on its largest canvas first: the
   * WebAssembly memory (which only grows) is laid out for the largest working set once, instead of
   * growing again when the first large canvas follows the recognition network's packed weights.
   */
  warmUp(): Promise<void>;
}

/**
 * The detector's largest canvas side (a multiple of 32): larger finds smaller faces, slower, and its
 * working memory on that canvas is the thread's largest.
 */
export const DETECTOR_CANVAS_SIDE = 352;
/**
 * The most faces the landmark and recognition networks read in one pass: several faces in one pass
 * cost less each than one at a time, and eight keep the working memory below the detector's on its
 * largest canvas.
 */
const MAX_BATCH = 8;
/** The recognition network's input side. */
const CHIP_SIDE = 150;
const DETECTOR_MEAN = [117.001, 114.697, 97.404] as const;
const FACE_MEAN = [122.782, 117.001, 104.298] as const;
const ANCHORS = [
  [1.603231, 2.094468],
  [6.041143, 7.080126],
  [2.882459, 3.518061],
  [4.266906, 5.178857],
  [9.041765, 10.66308],
] as const;
const IOU_THRESHOLD = 0.4;
const LANDMARK_INPUT = 112;
/** The detector's leaky ReLU's slope below zero. */
const LEAKY_SLOPE = 0.1;

/** Runs `step` on `x` and releases `x` (unless told to keep it). */
function step<A extends Tf.Tensor, B extends Tf.Tensor>(x: A, step: (x: A) => B, keep = false): B {
  const out = step(x);
  if (!keep) x.dispose();
  return out;
}

const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

export function faceNetworks(tf: TF, params: FaceApiParams): FaceNetworks {
  const det = params.detector;
  const conv0 = foldInputNormalisation(tf, det.conv0);
  const faceMean = tf.tensor1d([...FACE_MEAN]);
  const recognition = foldScaleLayers(tf, params.recognition);
  // The leaky ReLU as a PReLU with one slope per channel: TensorFlow.js's WebAssembly kernel for
  // PReLU (fused into the convolution) is many times faster than its leaky ReLU.
  const slopes = new Map<number, T1>();
  const leaky = (channels: number) => {
    let alpha = slopes.get(channels);
    if (!alpha) slopes.set(channels, (alpha = tf.fill<Tf.Rank.R1>([channels], LEAKY_SLOPE)));
    return { activation: 'prelu', preluActivationWeights: alpha } as const;
  };

  const separable = (x: T4, p: SeparableParams, strides: 1 | 2, activation: object) => {
    const depthwise = tf.depthwiseConv2d(x, p.depthwise_filter, strides, 'same');
    return step(depthwise, (d) =>
      tf.fused.conv2d({
        x: d,
        filter: p.pointwise_filter,
        strides: 1,
        pad: 'same',
        bias: p.bias,
        ...activation,
      }),
    );
  };

  async function detect(pixels: Float32Array, width: number, height: number, minScore: number) {
    const canvas = tf.tensor3d(pixels, [height, width, 3]);
    try {
      return await boxes(canvas, minScore);
    } finally {
      canvas.dispose();
    }
  }

  async function landmarksOf(
    pixels: Uint8Array,
    width: number,
    height: number,
    faces: readonly DetectedBox['box'][],
  ) {
    if (faces.length === 0) return [];
    const found: Point[][] = [];
    for (let start = 0; start < faces.length; start += MAX_BATCH) {
      const batch = faces.slice(start, start + MAX_BATCH);
      found.push(...(await landmarkBatch(pixels, width, height, batch)));
    }
    return found;
  }

  async function boxes(canvas: Tf.Tensor3D, minScore: number) {
    const [height, width] = canvas.shape;
    let x: T4 = tf.expandDims<T4>(canvas, 0);
    x = step(x, (v) =>
      tf.fused.conv2d({
        x: v,
        filter: conv0.filters,
        strides: 1,
        pad: 'valid',
        bias: conv0.bias,
        ...leaky(16),
      }),
    );
    for (const layer of ['conv1', 'conv2', 'conv3', 'conv4', 'conv5'] as const) {
      x = step(x, (v) => tf.maxPool(v, 2, 2, 'same'));
      x = step(x, (v) => separable(v, det[layer], 1, leaky(det[layer].bias.shape[0])));
    }
    x = step(x, (v) => tf.maxPool(v, 2, 1, 'same'));
    x = step(x, (v) =>
      tf.fused.conv2d({
        x: v,
        filter: det.conv8.filters,
        strides: 1,
        pad: 'valid',
        bias: det.conv8.bias,
      }),
    );
    const [, rows, cols] = x.shape;
    const out = await x.data();
    x.dispose();
    const found: DetectedBox[] = [];
    // The anchors are in cells of the output grid.
    const cellWidth = width / cols;
    const cellHeight = height / rows;
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        for (let a = 0; a < ANCHORS.length; a++) {
          const at = ((row * cols + col) * ANCHORS.length + a) * 5;
          const score = sigmoid(out[at + 4]!);
          if (score <= minScore) continue;
          const boxWidth = Math.exp(out[at + 2]!) * ANCHORS[a]![0] * cellWidth;
          const boxHeight = Math.exp(out[at + 3]!) * ANCHORS[a]![1] * cellHeight;
          const cx = (col + sigmoid(out[at]!)) * cellWidth;
          const cy = (row + sigmoid(out[at + 1]!)) * cellHeight;
          found.push({
            box: {
              x: cx - boxWidth / 2,
              y: cy - boxHeight / 2,
              width: boxWidth,
              height: boxHeight,
            },
            score,
          });
        }
      }
    }
    return nonMaxSuppression(found);
  }

  /** One pass of the landmark network over several faces of a picture: each face's 68 points. */
  async function landmarkBatch(
    pixels: Uint8Array,
    width: number,
    height: number,
    faces: readonly DetectedBox['box'][],
  ) {
    const crops = faces.map((box) => squareAround(width, height, box));
    const readable = crops.filter((crop) => crop !== null);
    if (readable.length === 0) return faces.map(() => []);
    let x: T4 = tf.tidy(() =>
      tf.concat(
        readable.map((crop) => landmarkInput(cutSquare(pixels, width, crop), crop.side)),
        0,
      ),
    );
    params.landmarks.dense.forEach((block, i) => {
      x = denseBlock(x, block, i === 0);
    });
    const flat = step(x, (v) =>
      tf.tidy(() => tf.reshape(tf.avgPool(v, 7, 2, 'valid'), [readable.length, -1])),
    );
    const out = step(flat, (v) =>
      tf.tidy(() =>
        tf.add(tf.matMul(v as Tf.Tensor2D, params.landmarks.fc.weights), params.landmarks.fc.bias),
      ),
    );
    const values = await out.data();
    const perFace = out.shape[1]!;
    out.dispose();
    let next = 0;
    return crops.map((crop) => {
      if (!crop) return [];
      const at = perFace * next++;
      const scale = crop.side / LANDMARK_INPUT;
      const points: Point[] = [];
      for (let i = 0; i < 68; i++) {
        points.push({
          x: crop.left + values[at + 2 * i]! * LANDMARK_INPUT * scale - crop.before[1],
          y: crop.top + values[at + 2 * i + 1]! * LANDMARK_INPUT * scale - crop.before[0],
        });
      }
      return points;
    });
  }

  /** The landmark network's input for one face: its square, at 112×112, normalised. */
  function landmarkInput(square: Float32Array, side: number): T4 {
    const face = tf.tensor4d(square, [1, side, side, 3]);
    // A bilinear resize reads only the pixels nearest each sample: a face more than twice the
    // network's input is averaged down by a whole factor first, so that every pixel counts.
    const factor = Math.floor(side / LANDMARK_INPUT);
    const input = tf.image.resizeBilinear(
      factor >= 2 ? tf.avgPool(face, factor, factor, 'same') : face,
      [LANDMARK_INPUT, LANDMARK_INPUT],
    );
    return tf.mul<T4>(tf.sub(input, faceMean), 1 / 255);
  }

  /**
   * One dense block of the landmark network, releasing its input once read and each sum once used:
   * the four outputs it adds up are the most it holds at once (in a `tidy`, every sum and ReLU of the
   * block stayed until its end, twice as much).
   */
  function denseBlock(
    x: T4,
    block: FaceApiParams['landmarks']['dense'][number],
    first: boolean,
  ): T4 {
    const RELU = { activation: 'relu' } as const;
    const out1 = step(x, (v) =>
      first
        ? tf.fused.conv2d({
            x: v,
            filter: (block.conv0 as ConvParams).filters,
            strides: 2,
            pad: 'same',
            bias: block.conv0.bias,
            ...RELU,
          })
        : separable(v, block.conv0 as SeparableParams, 2, RELU),
    );
    const out2 = separable(out1, block.conv1, 1, {});
    const sumThenRelu = (parts: T4[]) => step(tf.addN(parts), (sum) => tf.relu(sum));
    const out3 = step(sumThenRelu([out1, out2]), (v) => separable(v, block.conv2, 1, {}));
    const out4 = step(sumThenRelu([out1, out2, out3]), (v) => separable(v, block.conv3, 1, {}));
    const out = sumThenRelu([out1, out2, out3, out4]);
    for (const t of [out1, out2, out3, out4]) t.dispose();
    return out;
  }

  async function embed(chips: readonly Uint8Array[], size: number) {
    const embeddings: Float32Array[] = [];
    for (let start = 0; start < chips.length; start += MAX_BATCH) {
      embeddings.push(...(await embedBatch(chips.slice(start, start + MAX_BATCH), size)));
    }
    return embeddings;
  }

  async function embedBatch(chips: readonly Uint8Array[], size: number) {
    const length = size * size * 3;
    const input = new Float32Array(chips.length * length);
    chips.forEach((chip, c) => {
      for (let i = 0; i < length; i++) input[c * length + i] = (chip[i]! - FACE_MEAN[i % 3]!) / 255;
    });
    const conv = (x: T4, p: ConvParams, strides: 1 | 2, pad: 'same' | 'valid', relu: boolean) =>
      tf.fused.conv2d({
        x,
        filter: p.filters,
        strides,
        pad,
        bias: p.bias,
        ...(relu ? { activation: 'relu' as const } : {}),
      });
    const residual = (x: T4, name: string) =>
      tf.tidy(() => {
        const p = recognition.layers[name]!;
        return tf.relu(
          tf.add(conv(conv(x, p[0]!, 1, 'same', true), p[1]!, 1, 'same', false), x),
        ) as T4;
      });
    const residualDown = (x: T4, name: string) =>
      tf.tidy(() => {
        const p = recognition.layers[name]!;
        let out = conv(conv(x, p[0]!, 2, 'valid', true), p[1]!, 1, 'same', false);
        let pooled = tf.avgPool(x, 2, 2, 'valid');
        if (pooled.shape[1] !== out.shape[1])
          out = tf.pad(out, [
            [0, 0],
            [0, 1],
            [0, 1],
            [0, 0],
          ]);
        const extra = out.shape[3] - pooled.shape[3];
        if (extra > 0)
          pooled = tf.pad(pooled, [
            [0, 0],
            [0, 0],
            [0, 0],
            [0, extra],
          ]);
        return tf.relu(tf.add(pooled, out)) as T4;
      });
    let x: T4 = tf.tensor4d(input, [chips.length, size, size, 3]);
    x = step(x, (v) => conv(v, recognition.layers.conv32_down![0]!, 2, 'valid', true));
    x = step(x, (v) => tf.maxPool(v, 3, 2, 'valid'));
    for (const name of RESNET_LAYERS) {
      x = step(x, (v) => (name.includes('down') ? residualDown(v, name) : residual(v, name)));
    }
    const descriptor = step(x, (v) =>
      tf.tidy(() => tf.matMul(tf.mean<Tf.Tensor2D>(v, [1, 2]), recognition.fc)),
    );
    const values = (await descriptor.data()) as Float32Array;
    descriptor.dispose();
    const width = values.length / chips.length;
    return chips.map((_, c) => values.slice(c * width, (c + 1) * width));
  }

  async function warmUp() {
    for (let side = DETECTOR_CANVAS_SIDE; side >= 160; side -= 96) {
      const canvas = tf.zeros<Tf.Rank.R3>([side, side, 3]);
      try {
        await boxes(canvas, 1);
      } finally {
        canvas.dispose();
      }
    }
    const side = DETECTOR_CANVAS_SIDE;
    const face = { x: 0, y: 0, width: side / 4, height: side / 4 };
    await landmarkBatch(new Uint8Array(side * side * 3), side, side, Array(MAX_BATCH).fill(face));
    const chip = new Uint8Array(CHIP_SIDE * CHIP_SIDE * 3);
    await embed(Array<Uint8Array>(MAX_BATCH).fill(chip), CHIP_SIDE);
  }

  return { detect, landmarks: landmarksOf, embed, warmUp };
}

const RESNET_LAYERS = [
  'conv32_1',
  'conv32_2',
  'conv32_3',
  'conv64_down',
  'conv64_1',
  'conv64_2',
  'conv64_3',
  'conv128_down',
  'conv128_1',
  'conv128_2',
  'conv256_down',
  'conv256_1',
  'conv256_2',
  'conv256_down_out',
] as const;

/**
 * The detector's first convolution taking the picture's 0–255 values as they are: it reads
 * (x − mean) / 255 with no padding ('valid'), so conv((x − m) / 255, f) + b = conv(x, f / 255) + b − Σ f·m / 255.
 */
function foldInputNormalisation(tf: TF, { filters, bias }: ConvParams): ConvParams {
  return tf.tidy(() => {
    const scaled = tf.div<T4>(filters, 255);
    const mean = tf.tensor4d([...DETECTOR_MEAN], [1, 1, 3, 1]);
    const offset = tf.sum<T1>(tf.mul(scaled, mean), [0, 1, 2]);
    return { filters: scaled, bias: tf.sub<T1>(bias, offset) };
  });
}

interface FoldedRecognition {
  layers: Record<string, ConvParams[]>;
  fc: Tf.Tensor2D;
}

/**
 * The recognition network's layers with each scale layer folded into its convolution:
 * (conv(x, f) + b) · w + c = conv(x, f · w) + (b · w + c). Face-api's own tensors for that network
 * are released: only the folded ones are kept.
 */
function foldScaleLayers(tf: TF, params: FaceApiParams['recognition']): FoldedRecognition {
  const fold = ({ conv, scale }: ScaledConvParams): ConvParams => {
    const folded = tf.tidy(() => ({
      filters: tf.mul<T4>(conv.filters, scale.weights),
      bias: tf.add<T1>(tf.mul(conv.bias, scale.weights), scale.biases),
    }));
    for (const t of [conv.filters, conv.bias, scale.weights, scale.biases]) t.dispose();
    return folded;
  };
  const layers: Record<string, ConvParams[]> = {};
  for (const [name, layer] of Object.entries(params)) {
    if (name === 'fc') continue;
    const value = layer as ScaledConvParams | ResidualParams;
    layers[name] = 'conv1' in value ? [fold(value.conv1), fold(value.conv2)] : [fold(value)];
  }
  return { layers, fc: params.fc };
}

/** Face-api's non-maximum suppression: the best box first, any box overlapping a kept one by more than the threshold dropped. */
function nonMaxSuppression(boxes: DetectedBox[]): DetectedBox[] {
  const sorted = [...boxes].sort((a, b) => b.score - a.score);
  const kept: DetectedBox[] = [];
  for (const candidate of sorted) {
    if (kept.every((k) => iou(k.box, candidate.box) <= IOU_THRESHOLD)) kept.push(candidate);
  }
  return kept;
}

function iou(a: DetectedBox['box'], b: DetectedBox['box']): number {
  const width = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const height = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = width * height;
  return inter / (a.width * a.height + b.width * b.height - inter);
}
