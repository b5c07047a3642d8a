// The face networks' weights as the @vladmandic/face-api package ships them: per network a manifest
// (each tensor's name, shape and 8-bit quantisation) and one binary file of the quantised values.
// Read here into TensorFlow.js tensors, nested by the names' parts ("conv1/depthwise_filter" →
// { conv1: { depthwise_filter } }), without loading face-api's own code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type * as Tf from '@tensorflow/tfjs-core';

interface ManifestWeight {
  name: string;
  shape: number[];
  dtype: 'float32';
  quantization?: { dtype: string; scale: number; min: number };
}

interface ManifestGroup {
  paths: string[];
  weights: ManifestWeight[];
}

export interface WeightTree {
  [part: string]: WeightTree | Tf.Tensor;
}

/** The tensors of the network whose files are `<dir>/<name>-weights_manifest.json` and its shards. */
export function loadWeights(tf: typeof Tf, dir: string, name: string): WeightTree {
  const manifest = JSON.parse(
    readFileSync(path.join(dir, `${name}-weights_manifest.json`), 'utf8'),
  ) as ManifestGroup[];
  const tree: WeightTree = {};
  for (const group of manifest) {
    const bytes = Buffer.concat(group.paths.map((file) => readFileSync(path.join(dir, file))));
    let offset = 0;
    for (const weight of group.weights) {
      const count = weight.shape.reduce((a, b) => a * b, 1);
      const values = new Float32Array(count);
      const q = weight.quantization;
      if (q) {
        if (q.dtype !== 'uint8')
          throw new Error(`${name}: ${weight.name} is quantised as ${q.dtype}`);
        for (let i = 0; i < count; i++) values[i] = bytes[offset + i]! * q.scale + q.min;
        offset += count;
      } else {
        const raw = bytes.subarray(offset, offset + count * 4);
        for (let i = 0; i < count; i++) values[i] = raw.readFloatLE(i * 4);
        offset += count * 4;
      }
      place(tree, weight.name.split('/'), tf.tensor(values, weight.shape, 'float32'));
    }
    if (offset !== bytes.length) {
      throw new Error(
        `${name}: the weights file has ${bytes.length} bytes, the manifest ${offset}`,
      );
    }
  }
  return tree;
}

function place(tree: WeightTree, parts: string[], tensor: Tf.Tensor): void {
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next === undefined) node = node[part] = {};
    else if ('dataId' in next) throw new Error(`weights: ${parts.join('/')} is inside a tensor`);
    else node = next;
  }
  node[parts.at(-1)!] = tensor;
}
