// Uploaded product images: GET /media/u/<key>, from the media storage (lib/http/media-file.ts).
import { serveMediaFile } from '@/lib/http/media-file';

export async function GET(req: Request, { params }: { params: Promise<{ key: string[] }> }): Promise<Response> {
  return serveMediaFile(req, (await params).key.join('/'));
}
