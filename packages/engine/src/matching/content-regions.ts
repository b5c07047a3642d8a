// Where the picture is inside a file found on the web: borders and letterboxes of one colour trimmed
// away, and photos embedded in a page-like canvas (a screenshot) located. Works on small RGB images.

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface RgbImage {
  width: number;
  height: number;
  /** Interleaved RGB, 3 bytes per pixel. */
  data: Uint8Array;
}

const BORDER_TOLERANCE = 28; // per channel, above JPEG noise near a hard edge
/** Share of a row or column that may differ from the border colour and still count as border. */
const BORDER_OUTLIERS = 0.03;
const MAX_TRIM = 0.45;
/**
 * With a mask of static pixels (a video's pixels that never change), share of a line that may be a
 * static overlay (a watermark drawn over the bars) as long as nearly all of it is static.
 */
const MAX_STATIC_OVERLAY = 0.6;

export interface BorderOptions {
  /**
   * 1 where a pixel is the same in every frame of a video. Only such pixels can be border, and a
   * border line may then also carry a static overlay (text or a logo drawn on the bars): the picture
   * itself changes.
   */
  staticPixels?: Uint8Array;
}

function close(image: RgbImage, p: number, colour: readonly number[], tolerance: number): boolean {
  const d = image.data;
  return (
    Math.abs(d[p]! - colour[0]!) <= tolerance &&
    Math.abs(d[p + 1]! - colour[1]!) <= tolerance &&
    Math.abs(d[p + 2]! - colour[2]!) <= tolerance
  );
}

/** Median colour of a line of pixels (at most 64 samples along it): a candidate border colour. */
function medianColour(
  image: RgbImage,
  x0: number,
  y0: number,
  dx: number,
  dy: number,
  length: number,
): [number, number, number] {
  const samples = Math.min(length, 64);
  const channels = [new Uint8Array(samples), new Uint8Array(samples), new Uint8Array(samples)];
  for (let s = 0; s < samples; s++) {
    const t = Math.floor(((s + 0.5) * length) / samples);
    const p = ((y0 + dy * t) * image.width + x0 + dx * t) * 3;
    for (let c = 0; c < 3; c++) channels[c]![s] = image.data[p + c]!;
  }
  const mid = samples >> 1;
  return channels.map((values) => values.sort()[mid]!) as [number, number, number];
}

/**
 * The rectangle left after removing uniform borders (black, white or any one colour per side). A side
 * is trimmed while its outermost line is (nearly) all the colour of that side's edge, or, given the
 * static pixels of a video, that colour plus a static overlay.
 */
export function trimUniformBorders(image: RgbImage, options: BorderOptions = {}): Rect {
  const { width, height } = image;
  let left = 0;
  let right = width - 1;
  let top = 0;
  let bottom = height - 1;
  const maxX = Math.floor(width * MAX_TRIM);
  const maxY = Math.floor(height * MAX_TRIM);

  const { staticPixels } = options;
  /** Whether `length` pixels from index `start`, `step` apart, are a border line of `colour`. */
  const isBorderLine = (start: number, step: number, length: number, colour: readonly number[]) => {
    const allowed = Math.floor(length * BORDER_OUTLIERS);
    const overlay = staticPixels ? Math.floor(length * MAX_STATIC_OVERLAY) : allowed;
    let outliers = 0;
    let changing = 0;
    for (let k = 0, i = start; k < length; k++, i += step) {
      const isStatic = !staticPixels || staticPixels[i] === 1;
      if (isStatic && close(image, i * 3, colour, BORDER_TOLERANCE)) continue;
      if (++outliers > overlay) return false;
      if (!isStatic && ++changing > allowed) return false;
    }
    return outliers <= allowed || changing <= allowed;
  };
  const rowIsBorder = (y: number, colour: readonly number[], x0: number, x1: number) =>
    isBorderLine(y * width + x0, 1, x1 - x0 + 1, colour);
  const columnIsBorder = (x: number, colour: readonly number[], y0: number, y1: number) =>
    isBorderLine(y0 * width + x, width, y1 - y0 + 1, colour);
  const topColour = medianColour(image, 0, 0, 1, 0, width);
  const bottomColour = medianColour(image, 0, height - 1, 1, 0, width);
  const leftColour = medianColour(image, 0, 0, 0, 1, height);
  const rightColour = medianColour(image, width - 1, 0, 0, 1, height);
  while (top < maxY && rowIsBorder(top, topColour, 0, width - 1)) top++;
  while (height - 1 - bottom < maxY && rowIsBorder(bottom, bottomColour, 0, width - 1)) bottom--;
  while (left < maxX && columnIsBorder(left, leftColour, top, bottom)) left++;
  while (width - 1 - right < maxX && columnIsBorder(right, rightColour, top, bottom)) right--;
  // A border of a few pixels is more likely the picture's own edge (or JPEG ringing): keep it.
  const minTrim = Math.max(2, Math.round(0.01 * Math.min(width, height)));
  if (top < minTrim) top = 0;
  if (height - 1 - bottom < minTrim) bottom = height - 1;
  if (left < minTrim) left = 0;
  if (width - 1 - right < minTrim) right = width - 1;
  return { left, top, width: Math.max(1, right - left + 1), height: Math.max(1, bottom - top + 1) };
}

/**
 * Photos embedded in a page-like canvas: the page's background is its most common colour; each solid
 * block of other pixels that is large, compact and not a bar (a header) or sparse (text) is returned,
 * largest first. Empty when the image does not look like a page.
 */
export function findEmbeddedPhotos(image: RgbImage, maxResults = 2): Rect[] {
  // At half resolution: a photo worth finding is dozens of pixels wide even there.
  if (image.width >= 128 && image.height >= 128) {
    return findEmbeddedPhotosAt(halveRgb(image), maxResults).map((r) => ({
      left: r.left * 2,
      top: r.top * 2,
      width: Math.min(image.width - r.left * 2, r.width * 2),
      height: Math.min(image.height - r.top * 2, r.height * 2),
    }));
  }
  return findEmbeddedPhotosAt(image, maxResults);
}

function halveRgb(image: RgbImage): RgbImage {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const data = new Uint8Array(width * height * 3);
  const src = image.data;
  const stride = image.width * 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = 2 * y * stride + 6 * x;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++)
        data[o + c] =
          (src[p + c]! + src[p + 3 + c]! + src[p + stride + c]! + src[p + stride + 3 + c]! + 2) >>
          2;
    }
  }
  return { width, height, data };
}

function findEmbeddedPhotosAt(image: RgbImage, maxResults: number): Rect[] {
  const { width, height, data } = image;
  const n = width * height;
  // The page colour: the most frequent colour at 4 bits per channel.
  const counts = new Uint32Array(4096);
  for (let i = 0, p = 0; i < n; i++, p += 3)
    counts[((data[p]! >> 4) << 8) | ((data[p + 1]! >> 4) << 4) | (data[p + 2]! >> 4)]!++;
  let mode = 0;
  for (let k = 1; k < counts.length; k++) if (counts[k]! > counts[mode]!) mode = k;
  if (counts[mode]! < 0.2 * n) return [];
  // Mean of the pixels in that bin, as the page colour.
  let sr = 0;
  let sg = 0;
  let sb = 0;
  for (let i = 0, p = 0; i < n; i++, p += 3) {
    if ((((data[p]! >> 4) << 8) | ((data[p + 1]! >> 4) << 4) | (data[p + 2]! >> 4)) === mode) {
      sr += data[p]!;
      sg += data[p + 1]!;
      sb += data[p + 2]!;
    }
  }
  const page = [sr / counts[mode]!, sg / counts[mode]!, sb / counts[mode]!];
  const mask = new Uint8Array(n);
  for (let i = 0, p = 0; i < n; i++, p += 3) if (!close(image, p, page, 20)) mask[i] = 1;

  // Connected components (4-connected) of the non-page pixels.
  const label = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const found: (Rect & { pixels: number })[] = [];
  for (let start = 0; start < n; start++) {
    if (!mask[start] || label[start] !== -1) continue;
    const id = found.length;
    const visit = (next: number, top: number): number => {
      if (!mask[next] || label[next] !== -1) return top;
      label[next] = id;
      stack[top] = next;
      return top + 1;
    };
    let sp = 0;
    stack[sp++] = start;
    label[start] = id;
    let minX = width;
    let maxX = -1;
    let minY = height;
    let maxY = -1;
    let pixels = 0;
    while (sp > 0) {
      const i = stack[--sp]!;
      const x = i % width;
      const y = (i - x) / width;
      pixels++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (x > 0) sp = visit(i - 1, sp);
      if (x < width - 1) sp = visit(i + 1, sp);
      if (y > 0) sp = visit(i - width, sp);
      if (y < height - 1) sp = visit(i + width, sp);
    }
    found.push({ left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1, pixels });
  }
  return found
    .filter((c) => {
      const area = c.width * c.height;
      const aspect = c.width / c.height;
      return (
        area >= 0.03 * n &&
        area <= 0.92 * n &&
        c.pixels >= 0.55 * area &&
        aspect > 0.25 &&
        aspect < 4 &&
        c.width >= 12 &&
        c.height >= 12
      );
    })
    .sort((a, b) => b.pixels - a.pixels || a.top - b.top || a.left - b.left)
    .slice(0, maxResults)
    .map(({ left, top, width: w, height: h }) => ({ left, top, width: w, height: h }));
}
