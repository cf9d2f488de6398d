import QRCode from 'qrcode';

/**
 * A QR code drawn on this server as inline SVG (one path of the dark modules, a quiet zone of 4),
 * so the page loads nothing from another host and needs no change to its CSP.
 */
export function QrCode({ text, label, size = 232 }: { text: string; label: string; size?: number }) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  let d = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) if (qr.modules.get(y, x)) d += `M${x + quiet} ${y + quiet}h1v1h-1z`;
  }
  const side = n + 2 * quiet;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${side} ${side}`} shapeRendering="crispEdges" data-testid="alipay-qr" data-qr-text={text}>
      <rect width={side} height={side} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
