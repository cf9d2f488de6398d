import { exportProducts } from '@/lib/catalog/csv-export';
import { publicBaseUrl } from '@/lib/core/media-urls';
import { consoleRequest } from '../../../console';

export const dynamic = 'force-dynamic';

/** The console's export: the store's products CSV as a download, for a signed-in member of the store (another store is the 404 page). */
export async function GET(_req: Request, { params }: { params: Promise<{ store: string }> }) {
  const { store: slug } = await params;
  const { ctx, store } = await consoleRequest(slug);
  const out = await exportProducts({ ...ctx, mediaBase: publicBaseUrl() }, { merchantId: store.merchantId });
  return new Response(out.csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${out.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'cache-control': 'no-store',
    },
  });
}
