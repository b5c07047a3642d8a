// A QR code drawn as SVG from its modules, dark on white whatever the colour scheme so every camera reads it.
import { useMemo } from 'react';
import { encode } from 'uqr';

export function QrCode({
  value,
  label,
  className,
}: {
  value: string;
  label: string;
  className?: string;
}) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    const squares: string[] = [];
    qr.data.forEach((row, y) =>
      row.forEach((isDark, x) => {
        if (isDark) squares.push(`M${x} ${y}h1v1h-1z`);
      }),
    );
    return { size: qr.size, path: squares.join('') };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
