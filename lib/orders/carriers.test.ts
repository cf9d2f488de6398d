import { describe, expect, it } from 'vitest';
import { carrierName, findCarrier, trackingUrl } from './carriers';

describe('carriers', () => {
  it('finds a carrier by code or name, any case', () => {
    expect(findCarrier('UPS')?.code).toBe('ups');
    expect(findCarrier(' sf-express ')?.code).toBe('sf-express');
    expect(findCarrier('SF Express 顺丰速运')?.code).toBe('sf-express');
    expect(findCarrier('Pony Express')).toBeUndefined();
    expect(findCarrier(null)).toBeUndefined();
  });

  it('builds a tracking URL for known carriers only, the number encoded', () => {
    expect(trackingUrl('UPS', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingUrl('usps', 'a b')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=a%20b');
    expect(trackingUrl('Local courier', 'X123')).toBeNull();
    expect(trackingUrl('ups', null)).toBeNull();
  });

  it('stores the table’s name for a known carrier, else the text as given', () => {
    expect(carrierName('fedex')).toBe('FedEx');
    expect(carrierName('  Local courier ')).toBe('Local courier');
  });
});
