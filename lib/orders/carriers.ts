/**
 * Carriers whose tracking pages we can link to: a code, the name shown, and the URL template
 * (`{number}` is the tracking number, URI-encoded). A shipment names a carrier by code or by
 * name; one this table does not know is kept as written, without a tracking URL.
 */
export const carriers = [
  { code: 'ups', name: 'UPS', url: 'https://www.ups.com/track?tracknum={number}', markets: ['US'] },
  { code: 'usps', name: 'USPS', url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}', markets: ['US'] },
  { code: 'fedex', name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr={number}', markets: ['US'] },
  { code: 'dhl', name: 'DHL', url: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={number}', markets: ['US', 'CN'] },
  { code: 'sf-express', name: 'SF Express 顺丰速运', url: 'https://www.sf-express.com/chn/sc/waybill/waybill-detail/{number}', markets: ['CN'] },
  { code: 'jd-logistics', name: 'JD Logistics 京东物流', url: 'https://www.jdl.com/orderSearch/?waybillCodes={number}', markets: ['CN'] },
  { code: 'ems', name: 'EMS 中国邮政', url: 'https://www.ems.com.cn/queryList?mailNum={number}', markets: ['CN'] },
] as const;

export type Carrier = (typeof carriers)[number];

/** The table's carrier a shipment names (its code or its name, any case), or undefined. */
export function findCarrier(nameOrCode: string | null): Carrier | undefined {
  if (!nameOrCode) return undefined;
  const key = nameOrCode.trim().toLowerCase();
  return carriers.find((c) => c.code === key || c.name.toLowerCase() === key || c.name.split(' ')[0]!.toLowerCase() === key);
}

/** The carrier's public tracking page for this number, or null when the carrier is not in the table. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  const known = findCarrier(carrier);
  if (!known || !trackingNumber) return null;
  return known.url.replace('{number}', encodeURIComponent(trackingNumber));
}

/** What a shipment stores as its carrier: the table's name when it knows the carrier, else the text as given. */
export function carrierName(nameOrCode: string): string {
  return findCarrier(nameOrCode)?.name ?? nameOrCode.trim();
}
