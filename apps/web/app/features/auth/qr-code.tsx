import { encode } from "uqr";

/**
 * A QR code drawn as one SVG path (no inline styles, so the strict CSP holds), dark modules on a white square
 * even in dark mode, because phone cameras read dark-on-light most reliably.
 */
export function QrCode({
  value,
  label,
  className = "size-52",
}: {
  value: string;
  label: string;
  className?: string;
}) {
  const { data, size } = encode(value, { border: 2, ecc: "M" });
  let d = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={`rounded-lg bg-white ${className}`}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
