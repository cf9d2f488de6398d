// The cron entry of the background work (webhook delivery, sweeps); see vercel.json and docs/APP-BUILDERS.md, "Webhooks".
import { handleCron } from '@/lib/http/cron';

export const dynamic = 'force-dynamic';
export const maxDuration = 60;
export const GET = handleCron;
export const POST = handleCron;
