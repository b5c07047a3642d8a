// Sizes and durations as the Uploaded Files screen shows them.

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** 0.42 → "42%"; never shows 100% before the last byte is in. */
export function formatPercent(done: number, total: number): string {
  if (total <= 0) return '0%';
  const percent = Math.floor((done / total) * 100);
  return `${done < total ? Math.min(percent, 99) : 100}%`;
}

export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
